import { describe, expect, it } from 'vitest'
import { daysLeft, effectivePlan, firstChargeAt, GRACE_DAYS, planInEffect } from './effective-plan'

const NOW = new Date('2026-11-24T12:00:00Z')
const DAY = 86_400_000
const at = (days: number) => new Date(NOW.getTime() + days * DAY)
const paid = (status: string, changes: object = {}) => ({
  plan: 'professional',
  status,
  currentPeriodEnd: at(20),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  ...changes,
})

describe('the plan a company has', () => {
  it.each([
    ['nothing', null, null, 'starter', 'free'],
    ['a running trial', null, at(3), 'professional', 'trial'],
    ['a trial that ended', null, at(-1), 'starter', 'free'],
    ['an active subscription', paid('active'), null, 'professional', 'subscription'],
    ['a subscription in its own trial', paid('trialing'), null, 'professional', 'subscription'],
    [
      'a failed renewal within the grace period',
      paid('past_due', { pastDueSince: at(-(GRACE_DAYS - 1)) }),
      null,
      'professional',
      'grace',
    ],
    [
      'a failed renewal past the grace period',
      paid('past_due', { pastDueSince: at(-(GRACE_DAYS + 1)) }),
      null,
      'starter',
      'free',
    ],
    ['a cancelled subscription', paid('canceled'), null, 'starter', 'free'],
    ['a cancelled subscription while its trial runs', paid('canceled'), at(2), 'professional', 'trial'],
    ['an unpaid subscription', paid('unpaid'), null, 'starter', 'free'],
  ])('%s', (_case, subscription, trialEndsAt, plan, source) => {
    expect(effectivePlan({ subscription, trialEndsAt }, NOW)).toMatchObject({ plan, source })
  })

  it('says until when a plan holds by itself: the trial end, the grace end, the end of a cancelled period', () => {
    expect(effectivePlan({ subscription: null, trialEndsAt: at(3) }, NOW).validUntil).toEqual(at(3))
    expect(
      effectivePlan({ subscription: paid('past_due', { pastDueSince: at(-2) }), trialEndsAt: null }, NOW).validUntil,
    ).toEqual(at(GRACE_DAYS - 2))
    expect(
      effectivePlan({ subscription: paid('active', { cancelAtPeriodEnd: true }), trialEndsAt: null }, NOW).validUntil,
    ).toEqual(at(20))
    expect(effectivePlan({ subscription: paid('active'), trialEndsAt: null }, NOW).validUntil).toBeNull()
  })

  it('reads a company row: its plan until plan_valid_until, then Starter', () => {
    expect(planInEffect({ plan: 'professional', planValidUntil: at(1) }, NOW)).toBe('professional')
    expect(planInEffect({ plan: 'professional', planValidUntil: at(-1) }, NOW)).toBe('starter')
    expect(planInEffect({ plan: 'enterprise', planValidUntil: null }, NOW)).toBe('enterprise')
  })

  it('counts whole days left, rounded up, never below 0', () => {
    expect(daysLeft(at(14), NOW)).toBe(14)
    expect(daysLeft(new Date(NOW.getTime() + 1), NOW)).toBe(1)
    expect(daysLeft(at(-3), NOW)).toBe(0)
    expect(daysLeft(null, NOW)).toBe(0)
  })

  it('charges a subscription bought during a trial when the trial ends, at least two days on; at once without one', () => {
    expect(firstChargeAt(at(10), NOW)).toEqual(at(10))
    // Stripe's shortest trial is 48 hours from the checkout: a trial's last day is kept and a little more.
    expect(firstChargeAt(at(1), NOW)).toEqual(new Date(NOW.getTime() + 49 * 3_600_000))
    expect(firstChargeAt(at(-1), NOW)).toBeNull()
    expect(firstChargeAt(null, NOW)).toBeNull()
  })
})
