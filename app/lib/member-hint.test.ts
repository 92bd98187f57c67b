import { describe, expect, it } from 'vitest'
import { hasMemberHint, memberHintDomain } from './member-hint'

describe('the signed-in hint', () => {
  it('is shared with the subdomains of a named platform, and kept to its host otherwise', () => {
    expect(memberHintDomain('afterglow.app')).toBe('afterglow.app')
    expect(memberHintDomain('Photos.Afterglow.app:8443')).toBe('photos.afterglow.app')
    expect(memberHintDomain('localhost:3000')).toBeNull()
    expect(memberHintDomain('203.0.113.7:3000')).toBeNull()
    expect(memberHintDomain('[::1]:3000')).toBeNull()
  })

  it('is read from the browser’s cookies only when set', () => {
    expect(hasMemberHint('ag_lang=pt; ag_member=1')).toBe(true)
    expect(hasMemberHint('ag_member=; ag_lang=pt')).toBe(false)
    expect(hasMemberHint('xag_member=1')).toBe(false)
  })
})
