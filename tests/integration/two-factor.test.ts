import { describe, expect, it } from 'vitest'
import { getAuth } from '#app/access/auth.server'
import {
  clearSignInFailures,
  MAX_SIGN_IN_FAILURES,
  recordTwoFactorFailure,
  signInWaitSeconds,
  twoFactorWaitSeconds,
} from '#app/access/sign-in-guard.server'
import { TestClient } from '../support/http-client'
import { createVerifiedUser, latestMail, signIn, uniqueEmail } from '../support/fixtures'
import { totp } from '../support/totp'

describe('two-factor authentication', () => {
  it('is enabled with a TOTP app, then asked at sign-in, and backup codes work once', async () => {
    const account = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, account)

    const wrongPassword = await client.postJson('/api/auth/two-factor/enable', { password: 'Not-The-Password-1!' })
    expect(wrongPassword.status).toBe(400)
    const enable = await client.postJson('/api/auth/two-factor/enable', { password: account.password })
    expect(enable.status).toBe(200)
    const { totpURI, backupCodes } = enable.json()
    const secret = new URL(totpURI).searchParams.get('secret')!
    expect(backupCodes.length).toBeGreaterThanOrEqual(8)

    expect((await client.postJson('/api/auth/two-factor/verify-totp', { code: '000000' })).status).toBe(401)
    const confirm = await client.postJson('/api/auth/two-factor/verify-totp', { code: totp(secret) })
    expect(confirm.status).toBe(200)
    const security = await client.get('/admin/settings/security')
    expect(security.status).toBe(302) // no company yet: onboarding first

    // A new sign-in now stops at the second step until the code is given.
    const browser = new TestClient()
    const firstStep = await browser.postJson('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    })
    expect(firstStep.status).toBe(200)
    expect(firstStep.json().twoFactorRedirect).toBe(true)
    expect((await browser.get('/api/auth/get-session')).json()).toBeNull()
    const secondStep = await browser.postJson('/api/auth/two-factor/verify-totp', { code: totp(secret) })
    expect(secondStep.status).toBe(200)
    expect((await browser.get('/api/auth/get-session')).json().user.email).toBe(account.email)

    const lostPhone = new TestClient()
    await lostPhone.postJson('/api/auth/sign-in/email', { email: account.email, password: account.password })
    expect((await lostPhone.postJson('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(
      200,
    )
    const reused = new TestClient()
    await reused.postJson('/api/auth/sign-in/email', { email: account.email, password: account.password })
    expect((await reused.postJson('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(
      401,
    )
  })

  it('pauses the account second step after ten wrong codes from ten addresses, refuses even the right code, and tells the owner', async () => {
    const account = await createVerifiedUser()
    const { owner, secret, backupCodes } = await enableTwoFactor(account)
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) {
      const guess = await (await secondStep(account)).postJson(
        `/api/auth/two-factor/${i % 2 ? 'verify-backup-code' : 'verify-totp'}`,
        { code: i % 2 ? 'wrong-code' : wrongCode(secret) },
      )
      expect(guess.status, `guess ${i + 1}`).toBe(401)
    }
    // The right code from yet another address now waits too, and so does a backup code.
    const browser = await secondStep(account)
    const right = await browser.postJson(
      '/api/auth/two-factor/verify-totp',
      { code: totp(secret) },
      { 'accept-language': 'pt-BR' },
    )
    expect(right.status).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' })
    expect(right.json().message).toContain('Muitos códigos errados')
    expect((await browser.get('/api/auth/get-session')).json()).toBeNull()
    const backup = await (await secondStep(account)).postJson('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    })
    expect(backup.status).toBe(429)
    // The page posted without JavaScript says the same.
    const form = await (await secondStep(account)).postForm(
      '/auth',
      { intent: 'second-factor', code: totp(secret) },
      { 'accept-language': 'es' },
    )
    expect(form.status).toBe(400)
    expect(form.text).toContain('Demasiados códigos erróneos')
    // The owner is told their password is known, and where to change it.
    const notice = await latestMail(account.email, 'two-factor codes')
    expect(notice?.text).toContain('/auth?mode=forgot')
    // A session already open is not touched.
    expect((await owner.get('/api/auth/get-session')).json().user.email).toBe(account.email)
  })

  it('starts the count again after a right code, and pauses as passwords do: twice as long each time, its own count', async () => {
    const account = await createVerifiedUser()
    const { secret } = await enableTwoFactor(account)
    for (let i = 0; i < MAX_SIGN_IN_FAILURES - 1; i++)
      await (await secondStep(account)).postJson('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })
    expect(
      (await (await secondStep(account)).postJson('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status,
    ).toBe(200)
    expect(
      (await (await secondStep(account)).postJson('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) }))
        .status,
    ).toBe(401)
    const { secret: authSecret } = await getAuth().$context
    expect(await twoFactorWaitSeconds(authSecret, account.email)).toBe(0)

    const email = uniqueEmail('codes')
    const start = new Date()
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) await recordTwoFactorFailure(authSecret, email, 'en', start)
    expect(await twoFactorWaitSeconds(authSecret, email, start)).toBe(15 * 60)
    // The password step is not paused by wrong codes, and a password reset does not lift the codes' pause.
    expect(await signInWaitSeconds(authSecret, email, start)).toBe(0)
    await clearSignInFailures(authSecret, email, { liftLock: true })
    expect(await twoFactorWaitSeconds(authSecret, email, start)).toBe(15 * 60)
    const later = new Date(start.getTime() + 16 * 60 * 1000)
    expect(await twoFactorWaitSeconds(authSecret, email, later)).toBe(0)
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) await recordTwoFactorFailure(authSecret, email, 'en', later)
    expect(await twoFactorWaitSeconds(authSecret, email, later)).toBe(30 * 60)
  })
})

type Account = Awaited<ReturnType<typeof createVerifiedUser>>

/** Two-factor turned on for the account, from a session of its own that stays open. */
async function enableTwoFactor(account: Account) {
  const owner = new TestClient()
  await signIn(owner, account)
  const enabled = await owner.postJson('/api/auth/two-factor/enable', { password: account.password })
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>()
  const secret = new URL(totpURI).searchParams.get('secret')!
  expect((await owner.postJson('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200)
  return { owner, secret, backupCodes }
}

/** The first step from an address of its own: the password is right, the second step waits. */
async function secondStep(account: Account) {
  const browser = new TestClient()
  const first = await browser.postJson('/api/auth/sign-in/email', { email: account.email, password: account.password })
  expect(first.json().twoFactorRedirect).toBe(true)
  return browser
}

/** A code that is wrong now: the right one, one higher. */
function wrongCode(secret: string) {
  return String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0')
}
