import { createHmac, randomUUID } from 'node:crypto'
import { and, eq, gt, like, lte, sql } from 'drizzle-orm'
import { verification } from '#db/schema'
import { CLIENT_IP_HEADER } from './client-ip'
import { getSessionSecret } from './session-secret.server'
import { getDb } from './db.server'
import { countRefusal } from './metrics.server'

/*
 * Rate limits longer than Better Auth's own (ADR 017). Each accepted attempt is one expiring
 * row in `verifications` (Better Auth's table of short-lived values), keyed by an HMAC of the
 * client address, so every app process sees the same count and no address is stored in clear.
 * Not `rate_limits`: Better Auth prunes rows there once they are older than its 60 s window.
 */

export type RateLimitRule = { bucket: string; max: number; windowSeconds: number }

/** `remaining` and `resetSeconds` (until the oldest counted attempt expires) feed `RateLimit-*` headers. */
export type RateLimitDecision =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number }
  | { allowed: false; limit: number; retryAfterSeconds: number }

const PREFIX = 'rate-limit:'

/** The address the HTTP layer put on the request (never the client's own headers). */
export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? ''
}

/**
 * Refusals this process has answered, with when they end. A refused attempt adds no row and the
 * oldest counted one expires at that time, so until then every process refuses the address too:
 * asking here costs no database round trip, and a flood of refused attempts is answered cheaply.
 */
const refusals = new Map<string, number>()
/** Addresses remembered at most (a flood from many addresses forgets the oldest first). */
const MAX_REFUSALS = 10_000

const refusalKey = (rule: Pick<RateLimitRule, 'bucket'>, address: string) => `${rule.bucket}\u0000${address}`

/** Seconds until `address` may try `rule` again, when this process already knows it is refused; else null. */
export function refusedFor(rule: Pick<RateLimitRule, 'bucket'>, address: string, now = Date.now()): number | null {
  const key = refusalKey(rule, address)
  const until = refusals.get(key)
  if (until === undefined) return null
  if (until <= now) {
    refusals.delete(key)
    return null
  }
  return Math.max(1, Math.ceil((until - now) / 1000))
}

/**
 * Keeps a refusal decided elsewhere (a limit not counted in the table: fans' events, Better Auth's
 * own) or of a door keyed by more than the address (refusal-door.server.ts), until `until`.
 */
export function rememberRefusal(rule: Pick<RateLimitRule, 'bucket'>, address: string, until: number) {
  const key = refusalKey(rule, address)
  refusals.delete(key)
  if (refusals.size >= MAX_REFUSALS) refusals.delete(refusals.keys().next().value!)
  refusals.set(key, until)
}

async function identifierFor(rule: RateLimitRule, address: string) {
  const digest = createHmac('sha256', getSessionSecret()).update(address).digest('base64url')
  return `${PREFIX}${rule.bucket}:${digest}`
}

/**
 * Counts one attempt from `address` against `rule` and says whether it may go ahead. Refused
 * attempts are not counted, so a visitor who waits gets in again after the window.
 */
export async function consumeRateLimit(rule: RateLimitRule, address: string): Promise<RateLimitDecision> {
  const identifier = await identifierFor(rule, address)
  const now = new Date()
  return getDb().transaction(async (tx) => {
    // One visitor's concurrent attempts queue here, so two cannot both take the last slot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${identifier}, 0))`)
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, `${PREFIX}%`), lte(verification.expiresAt, now)))
    const live = await tx
      .select({ expiresAt: verification.expiresAt })
      .from(verification)
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, now)))
      .orderBy(verification.expiresAt)
    const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000))
    if (live.length >= rule.max) {
      rememberRefusal(rule, address, live[0].expiresAt.getTime())
      countRefusal(rule.bucket)
      return { allowed: false, limit: rule.max, retryAfterSeconds: secondsUntil(live[0].expiresAt) }
    }
    const expiresAt = new Date(now.getTime() + rule.windowSeconds * 1000)
    await tx.insert(verification).values({ id: randomUUID(), identifier, value: rule.bucket, expiresAt })
    return {
      allowed: true,
      limit: rule.max,
      remaining: rule.max - live.length - 1,
      resetSeconds: secondsUntil(live[0]?.expiresAt ?? expiresAt),
    }
  })
}

/** The `Retry-After` header of a refused attempt, as an HTTP header both with and without JavaScript. */
export function retryAfterHeader(retryAfterSeconds: number) {
  return { 'Retry-After': String(retryAfterSeconds) }
}

/** A route's `headers` export: passes its action's `Retry-After` on to the document response. */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}
