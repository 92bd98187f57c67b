import { describe, expect, it } from 'vitest'
import { planFeatures } from './plan-features'

const storageOf = (plan: 'starter' | 'professional' | 'enterprise', language: string) =>
  planFeatures(plan, language).items.find((item) => item.key === 'home.pricing.features.storage')?.values?.size

describe("a plan's storage, as the price list and the subscription page write it", () => {
  it('is in the reader’s units: gigaoctets in French, gigabytes in the other languages', () => {
    expect(storageOf('starter', 'en')).toBe('1\u00a0GB')
    expect(storageOf('professional', 'pt')).toBe('50\u00a0GB')
    expect(storageOf('professional', 'fr')).toBe('50\u00a0Go')
    expect(storageOf('enterprise', 'es')).toBe('500\u00a0GB')
  })
})
