import { eq } from 'drizzle-orm'
import { createHmac } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { auditEvent, session, user } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createVerifiedUser, firstLink, latestMail, signIn, STRONG_PASSWORD, uniqueEmail } from '../support/fixtures'

const PASSWORD_RULES: Array<[string, string, string]> = [
  ['Sh0rt!', 'Password must be at least 8 characters long', 'A senha deve ter pelo menos 8 caracteres'],
  ['NOLOWER-2026!', 'Password must contain at least one lowercase letter', 'letra minúscula'],
  ['noupper-2026!', 'Password must contain at least one uppercase letter', 'letra maiúscula'],
  ['No-Digits-Here!', 'Password must contain at least one number', 'número'],
  ['NoSpecial2026', 'Password must contain at least one special character', 'caractere especial'],
]

describe('sign-up and e-mail confirmation', () => {
  it.each(PASSWORD_RULES)(
    'refuses the password %s with its own message, in English and Portuguese',
    async (password, english, portuguese) => {
      const email = uniqueEmail('weak')
      const client = new TestClient()
      const response = await client.postJson('/api/auth/sign-up/email', { email, password, name: 'Weak' })
      expect(response.status).toBe(400)
      expect(response.json().message).toBe(english)
      client.setCookie('lang', 'pt')
      const inPortuguese = await client.postJson('/api/auth/sign-up/email', { email, password, name: 'Weak' })
      expect(inPortuguese.json().message).toContain(portuguese)
      const rows = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email))
      expect(rows).toHaveLength(0)
    },
  )

  it('strips script tags from the display name and trims it', async () => {
    const email = uniqueEmail('name')
    const response = await new TestClient().postJson('/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: '  <script>alert(1)</script>Ana Souza  ',
    })
    expect(response.status).toBe(200)
    const [row] = await getDb().select({ name: user.name }).from(user).where(eq(user.email, email))
    expect(row.name).toBe('Ana Souza')
  })

  it('sends a confirmation link to /email-confirmation that confirms, signs in and is safe to reuse', async () => {
    const email = uniqueEmail('confirm')
    const client = new TestClient()
    const signUp = await client.postJson('/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: 'Confirm Me',
    })
    expect(signUp.status).toBe(200)
    const unverified = await new TestClient().postJson('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })
    expect(unverified.status).toBe(403)
    expect(unverified.json().code).toBe('EMAIL_NOT_VERIFIED')

    const mail = await latestMail(email, 'Confirm')
    const link = new URL(firstLink(mail.text))
    expect(`${link.origin}${link.pathname}`).toBe(`${client.baseUrl}/email-confirmation`)
    const browser = new TestClient()
    const confirmed = await browser.get(link.pathname + link.search)
    expect(confirmed.status).toBe(200)
    expect(confirmed.text).toContain('E-mail confirmed')
    // The confirmation signed the browser in; without a company it goes to onboarding.
    const admin = await browser.get('/admin')
    expect(admin.status).toBe(302)
    expect(admin.headers.location).toBe('/onboarding')
    const again = await new TestClient().get(link.pathname + link.search)
    expect(again.text).toContain('E-mail confirmed')
  })

  it('explains an expired link and sends a new one on request', async () => {
    const email = uniqueEmail('late')
    await new TestClient().postJson('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Late' })
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const now = Math.floor(Date.now() / 1000)
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ email, iat: now - 90_000, exp: now - 3_600 })}`
    const signature = createHmac('sha256', inject('sessionSecret')).update(unsigned).digest('base64url')
    const expired = await new TestClient().get(`/email-confirmation?token=${unsigned}.${signature}`)
    expect(expired.text).toContain('This link has expired')
    const [row] = await getDb().select({ verified: user.emailVerified }).from(user).where(eq(user.email, email))
    expect(row.verified).toBe(false)
    const resend = await new TestClient().postJson('/api/auth/send-verification-email', {
      email,
      callbackURL: '/email-confirmation',
    })
    expect(resend.status).toBe(200)
    const link = new URL(firstLink((await latestMail(email, 'Confirm')).text))
    expect((await new TestClient().get(link.pathname + link.search)).text).toContain('E-mail confirmed')
  })

  it('explains an invalid or missing link and offers a new one', async () => {
    const invalid = await new TestClient().get('/email-confirmation?token=not-a-real-token')
    expect(invalid.status).toBe(200)
    expect(invalid.text).toContain('This link is not valid')
    expect(invalid.text).toContain('Send a new link')
    const missing = await new TestClient().get('/email-confirmation')
    expect(missing.text).toContain('Confirm your e-mail')
  })
})

describe('sign-in, reset and enumeration', () => {
  it('answers a wrong password and an unknown account identically', async () => {
    const account = await createVerifiedUser()
    const wrongPassword = await new TestClient().postJson('/api/auth/sign-in/email', {
      email: account.email,
      password: 'Wrong-Pass-1!',
    })
    const unknown = await new TestClient().postJson('/api/auth/sign-in/email', {
      email: uniqueEmail('ghost'),
      password: 'Wrong-Pass-1!',
    })
    expect(wrongPassword.status).toBe(401)
    expect(unknown.status).toBe(wrongPassword.status)
    expect(unknown.json()).toEqual(wrongPassword.json())
  })

  it('answers a reset request the same whether or not the account exists, and the link resets the password', async () => {
    const account = await createVerifiedUser()
    const known = await new TestClient().postJson('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: '/reset-password',
    })
    const unknown = await new TestClient().postJson('/api/auth/request-password-reset', {
      email: uniqueEmail('ghost'),
      redirectTo: '/reset-password',
    })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(unknown.json()).toEqual(known.json())

    const mail = await latestMail(account.email, 'Reset')
    const token = new URL(firstLink(mail.text)).searchParams.get('token')!
    const weak = await new TestClient().postJson('/api/auth/reset-password', { token, newPassword: 'weakpass' })
    expect(weak.status).toBe(400)
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter')
    const reset = await new TestClient().postJson('/api/auth/reset-password', {
      token,
      newPassword: 'Brand-New-Pass-9?',
    })
    expect(reset.status).toBe(200)
    await signIn(new TestClient(), { email: account.email, password: 'Brand-New-Pass-9?' })
  })

  it.each([
    [
      'sign-up',
      '/api/auth/sign-up/email',
      () => ({ email: uniqueEmail('burst'), password: STRONG_PASSWORD, name: 'Burst' }),
      5,
    ],
    [
      'password reset',
      '/api/auth/request-password-reset',
      () => ({ email: uniqueEmail('burst'), redirectTo: '/reset-password' }),
      3,
    ],
    ['confirmation resend', '/api/auth/send-verification-email', () => ({ email: uniqueEmail('burst') }), 3],
  ])('rate-limits %s requests per visitor', async (_name, path, body, allowed) => {
    const client = new TestClient()
    const statuses: number[] = []
    for (let attempt = 0; attempt <= allowed; attempt++) statuses.push((await client.postJson(path, body())).status)
    expect(statuses.slice(0, allowed).every((status) => status < 400)).toBe(true)
    expect(statuses[allowed]).toBe(429)
  })

  it('rate-limits sign-in attempts from one visitor with 429', async () => {
    const client = new TestClient()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await client.postJson('/api/auth/sign-in/email', {
        email: 'someone@example.test',
        password: 'Wrong-Pass-1!',
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // Another visitor is not affected (on another account: this one is now paused for everyone, see account-lock.test.ts).
    const other = await new TestClient().postJson('/api/auth/sign-in/email', {
      email: 'someone-else@example.test',
      password: 'Wrong-Pass-1!',
    })
    expect(other.status).toBe(401)
  })

  it('records session start and end in the audit trail, which cannot be rewritten', async () => {
    const account = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, account)
    const signOut = await client.postJson('/api/auth/sign-out', {})
    expect(signOut.status).toBe(200)
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, account.email))
    const events = await withSystem((tx) => tx.select().from(auditEvent).where(eq(auditEvent.actorUserId, row.id)))
    expect(events.map((event) => event.category).sort()).toEqual(['session_end', 'session_start'])
    const databaseError = (work: Promise<unknown>) =>
      work.then(
        () => 'no error',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    expect(
      await databaseError(
        withSystem((tx) => tx.update(auditEvent).set({ action: 'tampered' }).where(eq(auditEvent.id, events[0].id))),
      ),
    ).toBe('audit_events is append-only')
    expect(await databaseError(withSystem((tx) => tx.delete(auditEvent).where(eq(auditEvent.id, events[0].id))))).toBe(
      'audit_events is append-only',
    )
  })

  it('ends a session after 30 idle minutes on the server too', async () => {
    const account = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, account)
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, account.email))
    const [live] = await getDb().select().from(session).where(eq(session.userId, row.id))
    const idleMinutes = (live.expiresAt.getTime() - Date.now()) / 60_000
    expect(idleMinutes).toBeGreaterThan(29)
    expect(idleMinutes).toBeLessThanOrEqual(30)
    const activity = await client.postJson('/api/session/activity', {})
    expect(activity.status).toBe(200)
    // Thirty-one minutes later:
    await getDb()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, row.id))
    const after = await client.get('/admin')
    expect(after.status).toBe(302)
    expect(after.headers.location).toMatch(/^\/auth\?redirectTo=/)
  })
})

describe('a session the server stopped accepting', () => {
  it('sends the member to sign in with a forced logout that clears the refused cookies and the signed-in hint', async () => {
    const account = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, account)
    expect(client.cookies.get('ag_member')).toBe('1')
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, account.email))
    // Revoked elsewhere (another device past the session limit, an admin removing the member…).
    await getDb().delete(session).where(eq(session.userId, row.id))
    const refused = await client.get('/admin/content')
    expect(refused.status).toBe(302)
    expect(refused.headers.location).toBe(`/auth?redirectTo=${encodeURIComponent('/admin/content')}&forced=1`)
    const signInPage = await client.get(refused.headers.location!)
    expect(signInPage.status).toBe(200)
    expect(client.cookies.has('afterglow.session_token')).toBe(false)
    expect(client.cookies.has('ag_member')).toBe(false)
    // A visitor who never signed in gets the plain sign-in.
    expect((await new TestClient().get('/admin/content')).headers.location).not.toContain('forced')
  })
})
