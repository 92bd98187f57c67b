import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CURRENCIES, MONTHLY_PRICES } from '#app/features/billing/plans'
import { priceLookupKey } from '#app/features/billing/server/payment-provider.server'
import { startFakeStripe, type FakeStripe } from '../tests/support/stripe-server'

const execFileAsync = promisify(execFile)
const script = path.join(import.meta.dirname, 'billing-setup.js')

/** `npm run billing:setup` as an operator runs it, against the fake Stripe. */
async function runSetup(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [script], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

// Each run starts Vite to load the app's TypeScript: seconds, not milliseconds.
describe('npm run billing:setup', { timeout: 60_000 }, () => {
  let fake: FakeStripe
  let env: Record<string, string>
  beforeEach(async () => {
    fake = await startFakeStripe()
    env = { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url }
  })
  afterEach(async () => {
    await fake.close()
  })

  it('creates a product per paid plan and a monthly price per plan and currency under the lookup keys checkout uses; run again, it creates nothing', async () => {
    const first = await runSetup(env)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('Done: 8 created, 0 replaced, 0 already there.')
    expect([...fake.products.keys()].sort()).toEqual(['afterglow_enterprise', 'afterglow_professional'])
    expect(fake.products.get('afterglow_professional')?.name).toBe('Afterglow Professional')
    for (const plan of ['professional', 'enterprise'] as const) {
      for (const currency of CURRENCIES) {
        const price = fake.priceByLookupKey(priceLookupKey(plan, currency))
        expect(price, `${plan} ${currency}`).toMatchObject({
          product: `afterglow_${plan}`,
          currency: currency.toLowerCase(),
          unit_amount: MONTHLY_PRICES[plan][currency] * 100,
          recurring: { interval: 'month', interval_count: 1 },
          active: true,
        })
        expect(first.stdout).toContain(`created  price   ${price!.id}  ${priceLookupKey(plan, currency)}`)
      }
    }
    // The amounts docs/product.md gives, checked by value, not only through the table.
    expect(fake.priceByLookupKey('afterglow_professional_eur_monthly')?.unit_amount).toBe(1200)
    expect(fake.priceByLookupKey('afterglow_enterprise_usd_monthly')?.unit_amount).toBe(3700)
    expect(fake.priceByLookupKey('afterglow_enterprise_brl_monthly')?.unit_amount).toBe(14900)

    const writesBefore = fake.requests.filter((request) => request.method === 'POST').length
    const second = await runSetup(env)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toContain('Done: 0 created, 0 replaced, 8 already there.')
    expect(second.stdout).not.toMatch(/^\s+created/m)
    expect(fake.requests.filter((request) => request.method === 'POST').length).toBe(writesBefore)
    expect(fake.prices.size).toBe(6)
    expect(fake.products.size).toBe(2)
  })

  it('replaces a price whose amount no longer matches the plan table: the new one takes the lookup key, the old one is archived', async () => {
    expect((await runSetup(env)).code).toBe(0)
    const old = fake.priceByLookupKey('afterglow_professional_brl_monthly')!
    // As if the table had said R$39 when this price was made.
    old.unit_amount = 3900
    const again = await runSetup(env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('Done: 0 created, 1 replaced, 7 already there.')
    const current = fake.priceByLookupKey('afterglow_professional_brl_monthly')!
    expect(current.id).not.toBe(old.id)
    expect(current.unit_amount).toBe(4900)
    expect(fake.prices.get(old.id)).toMatchObject({ active: false, lookup_key: null })
    expect(again.stdout).toContain(`archived ${old.id}`)
  })

  it('stops with a clear message without a secret key, or with one Stripe refuses, and creates nothing', async () => {
    const withoutKey = await runSetup({ STRIPE_API_URL: fake.url })
    expect(withoutKey.code).toBe(1)
    expect(withoutKey.stderr).toContain('STRIPE_SECRET_KEY is required')
    const notAKey = await runSetup({ STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_API_URL: fake.url })
    expect(notAKey.code).toBe(1)
    expect(notAKey.stderr).toContain('STRIPE_SECRET_KEY must be a Stripe secret key')
    const wrongKey = await runSetup({ STRIPE_SECRET_KEY: 'sk_test_not_this_account', STRIPE_API_URL: fake.url })
    expect(wrongKey.code).toBe(1)
    expect(wrongKey.stderr).toContain('Invalid API Key provided')
    expect(fake.products.size + fake.prices.size).toBe(0)
  })
})
