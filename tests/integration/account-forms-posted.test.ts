import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { user } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createVerifiedUser, firstLink, latestMail, signIn, STRONG_PASSWORD, uniqueEmail } from '../support/fixtures'
import { totp } from '../support/totp'

/*
 * The account forms as a browser sends them before the page's script runs (a slow phone, a
 * blocked script): a POST of the form's fields to the page. Each does its work, says what went
 * wrong in the visitor's language, and never needs the password in an address.
 */

async function sessionEmail(client: TestClient) {
  return ((await client.get('/api/auth/get-session')).json() as { user: { email: string } } | null)?.user.email ?? null
}

describe('account forms posted without the page script', () => {
  it('signs up, refusing a weak password with the rules, and sends the confirmation mail', async () => {
    const visitor = new TestClient()
    const email = uniqueEmail('noscript')
    const weak = await visitor.postForm('/auth?mode=signup', {
      intent: 'signup',
      name: 'No Script',
      email,
      password: 'short',
    })
    expect(weak.status).toBe(400)
    expect(weak.text).toContain('Password must be at least 8 characters long')
    expect(weak.text).toContain(`value="${email}"`)
    expect(await getDb().select().from(user).where(eq(user.email, email))).toHaveLength(0)

    const done = await visitor.postForm('/auth?mode=signup', {
      intent: 'signup',
      name: 'No Script',
      email,
      password: STRONG_PASSWORD,
    })
    expect(done.status).toBe(200)
    expect(done.text).toContain('data-testid="signup-done"')
    expect((await latestMail(email, 'Confirm'))?.text).toBeDefined()

    // Asking for the mail again from the same page works without the script too.
    const again = await visitor.postForm('/auth?mode=signup', { intent: 'resend', email })
    expect(again.status).toBe(200)
  })

  it('signs in: a wrong password is refused on the page, the right one sets the session and goes on', async () => {
    const account = await createVerifiedUser()
    const visitor = new TestClient()
    const wrong = await visitor.postForm('/auth', {
      intent: 'signin',
      email: account.email,
      password: 'Not-The-Password-1!',
      redirectTo: '/admin',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain('Incorrect e-mail or password.')
    expect(await sessionEmail(visitor)).toBeNull()

    const right = await visitor.postForm('/auth', {
      intent: 'signin',
      email: account.email,
      password: account.password,
      redirectTo: '/admin/leads',
    })
    expect(right.status).toBe(302)
    expect(right.headers.location).toBe('/admin/leads')
    expect(await sessionEmail(visitor)).toBe(account.email)

    // An address elsewhere is never followed.
    const other = new TestClient()
    const away = await other.postForm('/auth', {
      intent: 'signin',
      email: account.email,
      password: account.password,
      redirectTo: '//evil.example/',
    })
    expect(away.headers.location).toBe('/admin')
  })

  it('answers in the visitor language', async () => {
    const account = await createVerifiedUser()
    const wrong = await new TestClient().postForm(
      '/auth',
      { intent: 'signin', email: account.email, password: 'Not-The-Password-1!' },
      { 'accept-language': 'pt-BR' },
    )
    expect(wrong.text).toContain('Email ou senha incorretos.')
  })

  it('resets a forgotten password from the mail, and the new one signs in', async () => {
    const account = await createVerifiedUser()
    const visitor = new TestClient()
    const asked = await visitor.postForm('/auth?mode=forgot', { intent: 'forgot', email: account.email })
    expect(asked.status).toBe(200)
    const link = new URL(firstLink((await latestMail(account.email))!.text))
    expect(link.pathname).toBe('/reset-password')

    const mismatch = await visitor.postForm(`${link.pathname}${link.search}`, {
      intent: 'reset',
      password: 'Another-Show-2027!',
      confirmPassword: 'Something-else-1!',
    })
    expect(mismatch.status).toBe(400)
    const reset = await visitor.postForm(`${link.pathname}${link.search}`, {
      intent: 'reset',
      password: 'Another-Show-2027!',
      confirmPassword: 'Another-Show-2027!',
    })
    expect(reset.status).toBe(200)
    const used = await visitor.postForm(`${link.pathname}${link.search}`, {
      intent: 'reset',
      password: 'Third-Show-2028!',
      confirmPassword: 'Third-Show-2028!',
    })
    expect(used.status).toBe(400)

    const signedIn = new TestClient()
    expect(
      (await signedIn.postForm('/auth', { intent: 'signin', email: account.email, password: 'Another-Show-2027!' }))
        .status,
    ).toBe(302)
    expect(await sessionEmail(signedIn)).toBe(account.email)
  })

  it('turns two-factor on and off from the security page, and asks for the code at sign-in', async () => {
    const account = await createVerifiedUser()
    const admin = new TestClient()
    await signIn(admin, account)
    // The security page belongs to a company's team: make this account one.
    const onboarding = await admin.postForm('/onboarding', {
      name: 'No Script Nights',
      slug: `no-script-${Date.now().toString(36)}`,
    })
    expect(onboarding.status).toBe(302)

    const wrong = await admin.postForm('/admin/settings/security', {
      intent: 'enable',
      password: 'Not-The-Password-1!',
    })
    expect(wrong.status).toBe(400)
    const enable = await admin.postForm('/admin/settings/security', { intent: 'enable', password: account.password })
    expect(enable.status).toBe(200)
    const totpURI = enable.text.match(/otpauth:\/\/totp\/[^"<\s]+/)![0].replaceAll('&amp;', '&')
    const secret = new URL(totpURI).searchParams.get('secret')!
    expect(enable.text).toContain('<svg')
    expect(enable.text).toContain('data-testid="backup-codes"')
    const badConfirm = await admin.postForm('/admin/settings/security', { intent: 'confirm', code: '000000', totpURI })
    expect(badConfirm.status).toBe(400)
    expect(badConfirm.text).toContain('<svg')
    const confirm = await admin.postForm('/admin/settings/security', { intent: 'confirm', code: totp(secret), totpURI })
    expect(confirm.status).toBe(302)
    expect((await admin.get('/admin/settings/security')).text).toMatch(/data-testid="two-factor-status"[^>]*>On</)

    const visitor = new TestClient()
    const firstStep = await visitor.postForm('/auth', {
      intent: 'signin',
      email: account.email,
      password: account.password,
    })
    expect(firstStep.status).toBe(200)
    expect(firstStep.text).toContain('name="code"')
    expect(await sessionEmail(visitor)).toBeNull()
    const badCode = await visitor.postForm('/auth', { intent: 'second-factor', code: '000000' })
    expect(badCode.status).toBe(400)
    const secondStep = await visitor.postForm('/auth', {
      intent: 'second-factor',
      code: totp(secret),
      redirectTo: '/admin',
    })
    expect(secondStep.status).toBe(302)
    expect(await sessionEmail(visitor)).toBe(account.email)

    const off = await admin.postForm('/admin/settings/security', { intent: 'disable', password: account.password })
    expect(off.status).toBe(302)
    expect((await admin.get('/admin/settings/security')).text).toMatch(/data-testid="two-factor-status"[^>]*>Off</)
    const [row] = await getDb().select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, account.email))
    expect(row.on).toBe(false)
  })

  it('renders the account forms to post, so a password never lands in an address', async () => {
    const pages = [
      '/auth',
      '/auth?mode=signup',
      '/auth?mode=forgot',
      '/reset-password?token=x',
      '/email-confirmation?token=x',
    ]
    for (const path of pages) {
      const html = (await new TestClient().get(path)).text
      const forms = html.match(/<form\b[^>]*>[\s\S]*?<\/form>/g) ?? []
      // The language switcher asks for the same page by GET (?lang=): it holds nothing else.
      const [languageForms, accountForms] = [
        forms.filter((form) => /<select[^>]*name="lang"/.test(form)),
        forms.filter((form) => !/<select[^>]*name="lang"/.test(form)),
      ]
      expect(accountForms.length, path).toBeGreaterThan(0)
      for (const form of accountForms) expect(form.match(/<form\b[^>]*>/)![0], path).toContain('method="post"')
      for (const form of languageForms)
        expect(
          form.match(/<(input|select|textarea)\b[^>]*name="[^"]*"/g)?.filter((field) => !/type="hidden"/.test(field)),
          path,
        ).toEqual([expect.stringContaining('name="lang"')])
    }
  })
})
