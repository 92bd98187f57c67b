import { describe, expect, it } from 'vitest'
import { CHANGES_AT_HEADER, changesAtHeaders, changesAtOf } from './page-changes-at'

describe('when a kept page changes by itself', () => {
  it('names the soonest time still to come, and nothing when none is', () => {
    const now = Date.parse('2026-12-03T12:00:00Z')
    expect(
      changesAtHeaders([null, '2026-12-04T00:00:00Z', new Date('2026-12-03T13:00:00Z'), '2026-12-01T00:00:00Z'], now),
    ).toEqual({ [CHANGES_AT_HEADER]: String(Date.parse('2026-12-03T13:00:00Z')) })
    expect(changesAtHeaders([null, undefined, '2026-12-01T00:00:00Z'], now)).toBeUndefined()
    expect(changesAtOf(new Headers({ [CHANGES_AT_HEADER]: '42' }))).toEqual({ [CHANGES_AT_HEADER]: '42' })
    expect(changesAtOf(new Headers())).toEqual({})
  })
})
