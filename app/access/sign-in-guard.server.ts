import { createHmac, randomUUID } from 'node:crypto'
import { and, eq, gt, lte, or, like, sql } from 'drizzle-orm'
import { user, verification } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import type { Language } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'

/*
 * Guessing one account's password from many addresses: the per-address limits never see it, so
 * the account counts its own failures. After MAX_FAILURES wrong passwords within the window,
 * sign-in to that account waits (Retry-After), each lock twice as long as the one before within
 * a day, and the owner is told by mail. A password reset is never locked and lifts the lock.
 * Kept as expiring rows of `verifications`, keyed by an HMAC of the address (ADR 017's store).
 *
 * The second step (a two-factor code after the right password) is guessed the same way, with
 * its own count and pause under the same rules: a million codes are fewer than the passwords
 * one could try. Its owner is told their password is known. A reset lifts only the password's
 * pause: it proves the mailbox, not the second factor.
 */

export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60
export const MAX_SIGN_IN_FAILURES = 10
const FIRST_LOCK_SECONDS = 15 * 60
const LOCK_MEMORY_SECONDS = 24 * 60 * 60

/** A step of signing in whose failures the account counts: where they are kept, and the mail that tells the owner. */
type GuardedStep = { failure: string; lock: string; mail: 'signInLocked' | 'twoFactorLocked' }
const PASSWORD: GuardedStep = { failure: 'sign-in-failure:', lock: 'sign-in-lock:', mail: 'signInLocked' }
const TWO_FACTOR: GuardedStep = { failure: 'two-factor-failure:', lock: 'two-factor-lock:', mail: 'twoFactorLocked' }

function accountKey(secret: string, email: unknown) {
  const normalized = typeof email === 'string' ? email.trim().toLowerCase() : ''
  return createHmac('sha256', secret).update(normalized).digest('base64url')
}

async function waitSeconds(step: GuardedStep, secret: string, email: unknown, now: Date) {
  const locks = await getDb()
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(eq(verification.identifier, `${step.lock}${accountKey(secret, email)}`), gt(verification.expiresAt, now)),
    )
  const until = Math.max(0, ...locks.map((lock) => Number((JSON.parse(lock.value) as { until: number }).until)))
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000))
}

/** Seconds until this account may try a password again, or 0. */
export function signInWaitSeconds(secret: string, email: unknown, now = new Date()) {
  return waitSeconds(PASSWORD, secret, email, now)
}

/** Seconds until this account may give a two-factor code again, or 0. */
export function twoFactorWaitSeconds(secret: string, email: unknown, now = new Date()) {
  return waitSeconds(TWO_FACTOR, secret, email, now)
}

/**
 * Counts a failure of the step for the account. The tenth within the window locks the step: for
 * 15 minutes, then 30, 60… for each further lock within a day; the owner (if the account
 * exists) is mailed.
 */
async function recordFailure(step: GuardedStep, secret: string, email: unknown, language: Language, now: Date) {
  const key = accountKey(secret, email)
  const locked = await getDb().transaction(async (tx) => {
    // One account's concurrent failures queue here, so a burst cannot slip past the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${step.failure}${key}`}, 0))`)
    await tx
      .delete(verification)
      .where(
        and(
          or(like(verification.identifier, `${step.failure}%`), like(verification.identifier, `${step.lock}%`)),
          lte(verification.expiresAt, now),
        ),
      )
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `${step.failure}${key}`,
      value: '1',
      expiresAt: new Date(now.getTime() + SIGN_IN_FAILURE_WINDOW_SECONDS * 1000),
    })
    const failures = await tx
      .select({ id: verification.id })
      .from(verification)
      .where(and(eq(verification.identifier, `${step.failure}${key}`), gt(verification.expiresAt, now)))
    if (failures.length < MAX_SIGN_IN_FAILURES) return null
    const earlierLocks = await tx
      .select({ id: verification.id })
      .from(verification)
      .where(and(eq(verification.identifier, `${step.lock}${key}`), gt(verification.expiresAt, now)))
    const seconds = FIRST_LOCK_SECONDS * 2 ** earlierLocks.length
    const until = now.getTime() + seconds * 1000
    await tx.delete(verification).where(eq(verification.identifier, `${step.failure}${key}`))
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `${step.lock}${key}`,
      value: JSON.stringify({ until }),
      expiresAt: new Date(Math.max(until, now.getTime() + LOCK_MEMORY_SECONDS * 1000)),
    })
    return seconds
  })
  if (locked) await tellOwner(step, email, locked, language)
}

/** Counts a wrong password for the account (see recordFailure). */
export function recordSignInFailure(secret: string, email: unknown, language: Language, now = new Date()) {
  return recordFailure(PASSWORD, secret, email, language, now)
}

/** Counts a wrong two-factor code given after the account's right password (see recordFailure). */
export function recordTwoFactorFailure(secret: string, email: unknown, language: Language, now = new Date()) {
  return recordFailure(TWO_FACTOR, secret, email, language, now)
}

async function clearFailures(step: GuardedStep, secret: string, email: unknown, liftLock: boolean) {
  const key = accountKey(secret, email)
  const identifiers = liftLock ? [`${step.failure}${key}`, `${step.lock}${key}`] : [`${step.failure}${key}`]
  await getDb()
    .delete(verification)
    .where(or(...identifiers.map((identifier) => eq(verification.identifier, identifier))))
}

/** A right password, or a reset: the account starts afresh (a reset also lifts a lock). */
export function clearSignInFailures(secret: string, email: unknown, options: { liftLock: boolean }) {
  return clearFailures(PASSWORD, secret, email, options.liftLock)
}

/** A right code: the second step's count starts afresh (its pause, if any, runs out by itself). */
export function clearTwoFactorFailures(secret: string, email: unknown) {
  return clearFailures(TWO_FACTOR, secret, email, false)
}

async function tellOwner(step: GuardedStep, email: unknown, lockedSeconds: number, fallbackLanguage: Language) {
  if (typeof email !== 'string') return
  const [owner] = await getDb()
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
  if (!owner) return
  const t = getFixedT((owner.language as Language | null) ?? fallbackLanguage)
  try {
    await sendMail(
      actionMail({
        to: owner.email,
        subject: t(`mail.${step.mail}.subject`),
        greeting: t('mail.greeting', { name: owner.name }),
        body: t(`mail.${step.mail}.body`, { count: MAX_SIGN_IN_FAILURES, minutes: Math.round(lockedSeconds / 60) }),
        action: t(`mail.${step.mail}.action`),
        url: `${getEnv().APP_URL}/auth?mode=forgot`,
        footer: t(`mail.${step.mail}.footer`),
      }),
    )
  } catch (error) {
    // The lock holds whether or not the mail goes out.
    logger.error({ err: error, step: step.mail }, 'the notice of a locked sign-in could not be sent')
  }
}
