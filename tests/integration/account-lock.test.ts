import { describe, expect, it } from 'vitest'
import { getAuth } from '#app/access/auth.server'
import { MAX_SIGN_IN_FAILURES, recordSignInFailure, signInWaitSeconds } from '#app/access/sign-in-guard.server'
import { TestClient } from '../support/http-client'
import { createVerifiedUser, firstLink, latestMail } from '../support/fixtures'

/*
 * Guessing one account's password from many addresses: each address stays under its own limit,
 * so the account keeps its own count.
 */

const WRONG = 'Not-The-Password-1!'

describe('guessing one account password', () => {
  it('pauses sign-in to the account after ten wrong passwords from ten addresses, tells the owner, and a reset lifts it', async () => {
    const account = await createVerifiedUser()
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) {
      const attempt = await new TestClient().postJson('/api/auth/sign-in/email', {
        email: account.email,
        password: WRONG,
      })
      expect(attempt.status, `attempt ${i + 1}`).toBe(401)
    }
    // The right password from yet another address now waits too: the guesser cannot tell it was right.
    const right = await new TestClient().postJson(
      '/api/auth/sign-in/email',
      { email: account.email, password: account.password },
      { 'accept-language': 'pt-BR' },
    )
    expect(right.status).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect(right.json().message).toContain('Muitas senhas erradas para esta conta')
    expect(right.headers['set-cookie'] ?? []).toEqual([])
    const notice = await latestMail(account.email, 'tried many passwords')
    expect(notice?.text).toContain('/auth?mode=forgot')

    // Another account is not touched.
    const other = await createVerifiedUser()
    expect(
      (await new TestClient().postJson('/api/auth/sign-in/email', { email: other.email, password: other.password }))
        .status,
    ).toBe(200)

    // The owner is never locked out of a reset, and the reset lifts the pause.
    const owner = new TestClient()
    expect(
      (
        await owner.postJson('/api/auth/request-password-reset', {
          email: account.email,
          redirectTo: '/reset-password',
        })
      ).status,
    ).toBe(200)
    const token = new URL(firstLink((await latestMail(account.email, 'Reset'))!.text)).searchParams.get('token')!
    expect((await owner.postJson('/api/auth/reset-password', { token, newPassword: 'Fresh-Start-2027!' })).status).toBe(
      200,
    )
    expect(
      (await owner.postJson('/api/auth/sign-in/email', { email: account.email, password: 'Fresh-Start-2027!' })).status,
    ).toBe(200)
  })

  it('doubles each pause within a day, and a right password before the tenth starts the count again', async () => {
    const { secret } = await getAuth().$context
    const email = `guard-${Date.now()}@example.test`
    const start = new Date()
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) await recordSignInFailure(secret, email, 'en', start)
    expect(await signInWaitSeconds(secret, email, start)).toBe(15 * 60)
    const later = new Date(start.getTime() + 16 * 60 * 1000)
    expect(await signInWaitSeconds(secret, email, later)).toBe(0)
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) await recordSignInFailure(secret, email, 'en', later)
    expect(await signInWaitSeconds(secret, email, later)).toBe(30 * 60)

    // Nine failures and a success: the count starts again, nothing is locked.
    const account = await createVerifiedUser()
    for (let i = 0; i < MAX_SIGN_IN_FAILURES - 1; i++)
      await new TestClient().postJson('/api/auth/sign-in/email', { email: account.email, password: WRONG })
    expect(
      (await new TestClient().postJson('/api/auth/sign-in/email', { email: account.email, password: account.password }))
        .status,
    ).toBe(200)
    expect(
      (await new TestClient().postJson('/api/auth/sign-in/email', { email: account.email, password: WRONG })).status,
    ).toBe(401)
    expect(await signInWaitSeconds(secret, account.email)).toBe(0)
  })
})
