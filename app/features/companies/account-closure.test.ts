import { describe, expect, it } from 'vitest'
import { RETENTION_PERIODS } from '#app/features/privacy/retention-periods'
import { accountDeletionDate, confirmsSlug, isDueForDeletion, ZAccountClosureAction } from './account-closure'

const DAY = 86_400_000

describe('closing a company account', () => {
  it('is confirmed by the page address only, spaces and capitals forgiven', () => {
    expect(confirmsSlug('night-owls', 'night-owls')).toBe(true)
    expect(confirmsSlug('  Night-Owls ', 'night-owls')).toBe(true)
    for (const typed of ['', 'night owls', 'night-owl', 'night-owls-2', 'Night Owls Productions'])
      expect(confirmsSlug(typed, 'night-owls'), typed).toBe(false)
  })

  it('deletes the account the retention period after it was closed, and no sooner', () => {
    expect(RETENTION_PERIODS.closedAccounts).toEqual({ amount: 30, unit: 'days' })
    const closedAt = new Date('2026-05-10T14:20:00Z')
    expect(accountDeletionDate(closedAt).toISOString()).toBe('2026-06-09T14:20:00.000Z')
    expect(isDueForDeletion(closedAt, new Date(closedAt.getTime() + 30 * DAY - 1))).toBe(false)
    expect(isDueForDeletion(closedAt, new Date(closedAt.getTime() + 30 * DAY))).toBe(true)
  })

  it('reads the two buttons: close with what was typed (missing reads as nothing typed), reopen', () => {
    expect(ZAccountClosureAction.parse({ intent: 'close', confirmSlug: 'night-owls' })).toEqual({
      intent: 'close',
      confirmSlug: 'night-owls',
    })
    expect(ZAccountClosureAction.parse({ intent: 'close' })).toEqual({ intent: 'close', confirmSlug: '' })
    expect(ZAccountClosureAction.parse({ intent: 'reopen' })).toEqual({ intent: 'reopen' })
    expect(ZAccountClosureAction.safeParse({ intent: 'delete' }).success).toBe(false)
    expect(ZAccountClosureAction.safeParse({ intent: 'close', confirmSlug: 'x'.repeat(201) }).success).toBe(false)
  })
})
