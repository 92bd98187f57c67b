import type { SubscriptionStatusAnswer } from './server/get-subscription-status.server'

/*
 * The spec's client-side subscription check (sections 4 and 9): it runs about 2 s after a signed-in
 * person appears with none loaded, one at a time; a new check within 5 s of the last start is
 * refused; a failed call is retried 3 times after 1, 2 and 3 s; then the person is told (the spec's
 * "error checking subscription") and the stored subscriber row is read; if that fails too the
 * company counts as unsubscribed. Sign-out forgets it all.
 */

export const FIRST_CHECK_DELAY_MS = 2_000
export const CHECK_THROTTLE_MS = 5_000
export const RETRY_WAITS_MS = [1_000, 2_000, 3_000] as const

export const UNSUBSCRIBED: SubscriptionStatusAnswer = {
  subscribed: false,
  subscription_tier: 'starter',
  subscription_end: null,
  trial_active: false,
  trial_end: null,
}

export type CheckerDependencies = {
  /** POST /api/billing/check-subscription. */
  check: () => Promise<SubscriptionStatusAnswer>
  /** The stored subscriber row, when the check cannot answer. */
  readStored: () => Promise<SubscriptionStatusAnswer>
  /** The check still failed after its retries: say so (the stored answer is shown meanwhile). */
  onCheckFailed?: () => void
  wait?: (ms: number) => Promise<void>
  now?: () => number
}

export function createSubscriptionChecker({
  check,
  readStored,
  onCheckFailed,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
}: CheckerDependencies) {
  let running: Promise<SubscriptionStatusAnswer> | null = null
  let lastStart = -Infinity
  let latest: SubscriptionStatusAnswer | null = null

  async function run() {
    for (let attempt = 0; ; attempt++) {
      try {
        return await check()
      } catch {
        if (attempt >= RETRY_WAITS_MS.length) break
        await wait(RETRY_WAITS_MS[attempt])
      }
    }
    onCheckFailed?.()
    try {
      return await readStored()
    } catch {
      return UNSUBSCRIBED
    }
  }

  return {
    /** Starts a check, or joins the one running; null when refused (within 5 s of the last start). */
    request(): Promise<SubscriptionStatusAnswer> | null {
      if (running) return running
      if (now() - lastStart < CHECK_THROTTLE_MS) return null
      lastStart = now()
      running = run()
        .then((answer) => (latest = answer))
        .finally(() => {
          running = null
        })
      return running
    },
    /** The last answer, if any. */
    get latest() {
      return latest
    },
    /** Sign-out: nothing of the company's subscription stays behind. */
    clear() {
      latest = null
      lastStart = -Infinity
    },
  }
}
