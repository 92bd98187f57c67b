import { randomBytes } from 'node:crypto'
import { and, desc, eq, like } from 'drizzle-orm'
import { member, organization, outboxMail, user } from '#db/schema'
import { getAuth } from '#app/access/auth.server'
import { getDb } from '#app/lib/db.server'
import { TestClient } from './http-client'

export const STRONG_PASSWORD = 'Night-Show-2026!'

export function uniqueEmail(prefix = 'fan') {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`
}

const sharing = new WeakSet<object>()

/**
 * The accounts these fixtures make share one salted hash per password: a hash costs a lot of CPU
 * by design and the suites make hundreds of accounts. Each is still made by the auth
 * library's own sign-up, and signs in through the app, which checks the password as it always does.
 */
async function shareHashes() {
  const context = await getAuth().$context
  if (sharing.has(context.password)) return
  sharing.add(context.password)
  const hash = context.password.hash
  const made = new Map<string, Promise<string>>()
  context.password.hash = (password: string) => {
    let known = made.get(password)
    if (!known) made.set(password, (known = hash(password)))
    return known
  }
}

/** An account whose e-mail is already confirmed (sign-up itself is tested elsewhere). */
export async function createVerifiedUser(options: { email?: string; name?: string; password?: string } = {}) {
  const email = options.email ?? uniqueEmail('member')
  const password = options.password ?? STRONG_PASSWORD
  const name = options.name ?? 'Test Member'
  await shareHashes()
  await getAuth().api.signUpEmail({ body: { email, password, name } })
  await getDb().update(user).set({ emailVerified: true }).where(eq(user.email, email))
  return { email, password, name }
}

export async function signIn(client: TestClient, credentials: { email: string; password: string }) {
  const response = await client.postJson('/api/auth/sign-in/email', credentials)
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`)
  return response
}

/** A signed-in admin of a new company. */
export async function createCompanyAdmin(slugPrefix = 'co') {
  const credentials = await createVerifiedUser({ name: 'Company Admin' })
  const client = new TestClient()
  await signIn(client, credentials)
  const slug = `${slugPrefix}-${randomBytes(3).toString('hex')}`
  const response = await client.postForm('/onboarding', { name: `Company ${slug}`, slug })
  if (response.status >= 400) throw new Error(`onboarding failed: ${response.status} ${response.text.slice(0, 300)}`)
  const [company] = await getDb().select().from(organization).where(eq(organization.slug, slug))
  return { client, credentials, company }
}

/**
 * Gives the company the active subdomain `label` (default: its page address), as an approved
 * request leaves it: only then do fans reach it at `{label}.PLATFORM_DOMAIN`.
 */
export async function activateSubdomain(company: { id: string; slug: string }, label = company.slug) {
  await getDb()
    .update(organization)
    .set({
      subdomain: label,
      subdomainStatus: 'active',
      subdomainRequestedAt: new Date(),
      subdomainDecidedAt: new Date(),
    })
    .where(eq(organization.id, company.id))
  return label
}

/** A signed-in member of `companyId` with a role below admin, and the credentials to sign in again. */
export async function createMemberAccount(companyId: string, role: 'user' | 'manager') {
  const credentials = await createVerifiedUser()
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, credentials.email))
  await getDb().insert(member).values({ id: crypto.randomUUID(), organizationId: companyId, userId: row.id, role })
  const client = new TestClient()
  await signIn(client, credentials)
  return { client, credentials }
}

/** A signed-in member of `companyId` with a role below admin. */
export async function createMemberWithRole(companyId: string, role: 'user' | 'manager') {
  return (await createMemberAccount(companyId, role)).client
}

/** The newest mail to `to` in the dev outbox, optionally with a subject containing `subject`. */
export async function latestMail(to: string, subject?: string) {
  const conditions = [eq(outboxMail.to, to)]
  if (subject) conditions.push(like(outboxMail.subject, `%${subject}%`))
  const [mail] = await getDb()
    .select()
    .from(outboxMail)
    .where(and(...conditions))
    .orderBy(desc(outboxMail.createdAt))
    .limit(1)
  return mail
}

export function firstLink(text: string) {
  const match = text.match(/https?:\/\/\S+/)
  if (!match) throw new Error(`no link in: ${text}`)
  return match[0]
}
