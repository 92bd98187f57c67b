import { withTimeout } from '#app/lib/with-timeout'
import { paymentProviderName } from './payment-provider.server'

export type PaymentProviderHealth = {
  level: 'ok' | 'warning' | 'error'
  mode: 'stripe' | 'test'
  ms: number
  checkedAt: string
}

/** The status pages refresh every 30 s: Stripe is asked at most once a minute. */
const CACHE_MS = 60_000
const TIMEOUT_MS = 5_000
let cached: { at: number; health: PaymentProviderHealth } | null = null

/**
 * Can the company be billed? With Stripe: does its API answer (a balance read, the lightest call
 * a secret key may make). The built-in test provider always answers, but takes no real money:
 * said as a warning.
 */
export async function checkPaymentProvider(now = Date.now()): Promise<PaymentProviderHealth> {
  if (paymentProviderName() === 'test')
    return { level: 'warning', mode: 'test', ms: 0, checkedAt: new Date(now).toISOString() }
  if (cached && now - cached.at < CACHE_MS) return cached.health
  const started = performance.now()
  let level: PaymentProviderHealth['level'] = 'ok'
  try {
    const { stripeClient } = await import('./stripe-provider.server')
    await withTimeout(stripeClient().balance.retrieve(), TIMEOUT_MS, () => new Error('timeout'))
  } catch {
    level = 'error'
  }
  const health: PaymentProviderHealth = {
    level,
    mode: 'stripe',
    ms: Math.round(performance.now() - started),
    checkedAt: new Date(now).toISOString(),
  }
  cached = { at: now, health }
  return health
}
