/*
 * Per-visitor allowance of events, kept in this process's memory (ADR 040): the shared
 * rate-limit table (app/lib/rate-limit.server.ts) costs a transaction per request, which the
 * ingestion endpoint cannot pay at thousands of events a second. A token bucket per visitor id:
 * a fan's page sends a few events a minute (heartbeats every 10 s), a flood runs dry at once.
 * Behind a load balancer each process grants its own allowance; floods still stop, a little later.
 */

/** Events a visitor may send at once (a long page's batch on `pagehide`)... */
export const EVENT_BURST = 300
/** ...and per second after that, sustained. */
export const EVENTS_PER_SECOND = 3

type Bucket = { tokens: number; at: number }
const BUCKETS_KEY = Symbol.for('afterglow.analytics-allowance')
type GlobalWithBuckets = typeof globalThis & { [BUCKETS_KEY]?: Map<string, Bucket> }
const MAX_VISITORS = 200_000

function buckets() {
  return ((globalThis as GlobalWithBuckets)[BUCKETS_KEY] ??= new Map())
}

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export function takeEventAllowance(visitor: string, events: number, now = Date.now()): Allowance {
  const all = buckets()
  const bucket = all.get(visitor) ?? { tokens: EVENT_BURST, at: now }
  bucket.tokens = Math.min(EVENT_BURST, bucket.tokens + ((now - bucket.at) / 1000) * EVENTS_PER_SECOND)
  bucket.at = now
  if (bucket.tokens < events) {
    all.set(visitor, bucket)
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((events - bucket.tokens) / EVENTS_PER_SECOND)) }
  }
  bucket.tokens -= events
  // Full buckets are the default: forgetting them changes nothing, so the map stays small.
  if (all.size >= MAX_VISITORS) {
    for (const [key, kept] of all)
      if (kept.tokens + ((now - kept.at) / 1000) * EVENTS_PER_SECOND >= EVENT_BURST) all.delete(key)
    if (all.size >= MAX_VISITORS) all.clear()
  }
  all.set(visitor, bucket)
  return { allowed: true }
}
