import { describe, expect, it } from 'vitest'
import { TestClient } from '../support/http-client'
import { createVerifiedUser, signIn } from '../support/fixtures'
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
})
