import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getAuth } from '#app/access/auth.server'
import { getDb, type Transaction } from '#app/lib/db.server'
import { DEMO_OPERATOR_EMAIL } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import { seedDemoContent } from './demo-content'
import { account, member, organization, user } from '#db/schema'

/** The local demo login, printed in the README. Seeded only in the embedded (local) mode. */
export const DEMO_ADMIN = { email: 'demo@afterglow.local', password: 'Afterglow-demo-1', name: 'Demo Admin' }
export const DEMO_COMPANY = { slug: 'demo', name: 'Afterglow Demo' }
/** The local platform operator (OPERATOR_EMAILS defaults to it with the demo), printed in the README. */
export const DEMO_OPERATOR = { email: DEMO_OPERATOR_EMAIL, password: 'Afterglow-operator-1', name: 'Platform Operator' }

/** A verified account with a password, made once. */
async function seedAccount(tx: Transaction, person: { email: string; password: string; name: string }) {
  const context = await getAuth().$context
  const [row] = await tx
    .insert(user)
    .values({ id: randomUUID(), name: person.name, email: person.email, emailVerified: true })
    .onConflictDoUpdate({ target: user.email, set: { emailVerified: true } })
    .returning({ id: user.id })
  const hasPassword = await tx.select({ id: account.id }).from(account).where(eq(account.userId, row.id))
  if (hasPassword.length === 0) {
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: row.id,
      providerId: 'credential',
      userId: row.id,
      password: await context.password.hash(person.password),
    })
  }
  return row.id
}

export async function seedDemo() {
  const db = getDb()
  await db.transaction((tx) => seedAccount(tx, DEMO_OPERATOR))
  const [existing] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, DEMO_COMPANY.slug))
  if (existing) {
    const [admin] = await db
      .select({ id: member.userId })
      .from(member)
      .where(eq(member.organizationId, existing.id))
      .limit(1)
    await seedDemoContent(existing.id, admin?.id ?? 'seed')
    return
  }
  const created = await db.transaction(async (tx) => {
    const adminId = await seedAccount(tx, DEMO_ADMIN)
    const companyId = randomUUID()
    // Its subdomain is live from the start, so the demo also answers at demo.localhost:3000.
    const now = new Date()
    await tx.insert(organization).values({
      id: companyId,
      name: DEMO_COMPANY.name,
      slug: DEMO_COMPANY.slug,
      // On Professional, so a newcomer sees what the product does (Find me, branding, protection);
      // its admin has acknowledged Find me, whose demo gallery has it on.
      plan: 'professional',
      findMeAcknowledgedAt: now,
      subdomain: DEMO_COMPANY.slug,
      subdomainStatus: 'active',
      subdomainRequestedAt: now,
      subdomainDecidedAt: now,
    })
    await tx.insert(member).values({ id: randomUUID(), organizationId: companyId, userId: adminId, role: 'admin' })
    return { companyId, adminId }
  })
  // Their addresses are in the start-up guide, not in the log.
  logger.info('demo company and operator seeded')
  await seedDemoContent(created.companyId, created.adminId)
}
