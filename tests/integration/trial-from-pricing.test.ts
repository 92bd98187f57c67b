import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organization, user } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { firstLink, latestMail, signIn, STRONG_PASSWORD, uniqueEmail } from '../support/fixtures'

const DAY = 86_400_000

/** The company a person creates on /onboarding, and what became of their choice of plan. */
async function createCompanyAs(client: TestClient, email: string) {
  const slug = `trial-${Math.random().toString(36).slice(2, 8)}`
  const created = await client.postForm('/onboarding', { name: `Company ${slug}`, slug })
  expect(created.status, created.text.slice(0, 300)).toBe(302)
  const [company] = await getDb().select().from(organization).where(eq(organization.slug, slug))
  const [person] = await getDb().select({ signUpPlan: user.signUpPlan }).from(user).where(eq(user.email, email))
  return { company, person }
}

describe('"Start free trial" on the pricing page', () => {
  it('is carried through sign-up and the e-mail confirmation, and the new company starts its trial', async () => {
    const home = await new TestClient().get('/')
    expect(home.text).toContain('href="/auth?mode=signup&amp;plan=professional"')
    const visitor = new TestClient()
    const form = await visitor.get('/auth?mode=signup&plan=professional')
    expect(form.text).toContain('data-testid="signup-trial"')
    expect(form.text).toContain('Your 14-day Professional trial starts when you create your company.')
    expect(form.text).toContain('name="signUpPlan" value="professional"')

    // The form as posted before its script runs: the confirmation link may then be opened anywhere.
    const email = uniqueEmail('trial')
    const signedUp = await visitor.postForm('/auth?mode=signup&plan=professional', {
      intent: 'signup',
      name: 'Trial Person',
      email,
      password: STRONG_PASSWORD,
      signUpPlan: 'professional',
    })
    expect(signedUp.status).toBe(200)
    const link = new URL(firstLink((await latestMail(email, 'Confirm'))!.text))
    const confirmed = await new TestClient().get(link.pathname + link.search)
    expect(confirmed.status).toBe(200)

    const person = new TestClient()
    await signIn(person, { email, password: STRONG_PASSWORD })
    const started = Date.now()
    const { company, person: after } = await createCompanyAs(person, email)
    expect(company.plan).toBe('professional')
    expect(company.trialStartedAt).not.toBeNull()
    expect(company.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(started + 14 * DAY - 60_000)
    expect(company.trialEndsAt!.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY)
    // Used once: the choice is given up with the trial it started.
    expect(after.signUpPlan).toBeNull()
    const subscription = await person.get('/admin/subscription')
    expect(subscription.status).toBe(200)
  })

  it('keeps no other plan a sign-up names, and lets no one choose the trial after signing up', async () => {
    const visitor = new TestClient()
    const email = uniqueEmail('no-trial')
    const signedUp = await visitor.postJson('/api/auth/sign-up/email', {
      name: 'Plain Person',
      email,
      password: STRONG_PASSWORD,
      signUpPlan: 'enterprise',
    })
    expect(signedUp.status).toBe(200)
    await getDb().update(user).set({ emailVerified: true }).where(eq(user.email, email))
    const [stored] = await getDb().select({ signUpPlan: user.signUpPlan }).from(user).where(eq(user.email, email))
    expect(stored.signUpPlan).toBeNull()

    const person = new TestClient()
    await signIn(person, { email, password: STRONG_PASSWORD })
    // Better Auth's update-user is not among the endpoints the app opens to browsers.
    const update = await person.postJson('/api/auth/update-user', { signUpPlan: 'professional' })
    expect(update.status).toBe(404)
    const { company, person: after } = await createCompanyAs(person, email)
    expect(after.signUpPlan).toBeNull()
    expect(company.plan).toBe('starter')
    expect(company.trialStartedAt).toBeNull()
  })
})
