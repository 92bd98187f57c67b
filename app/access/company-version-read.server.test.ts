import { describe, expect, it } from 'vitest'
import {
  companyVersionReadFor,
  KeptCompanyRows,
  withCompanyVersionRead,
  type CompanyVersionRead,
} from './company-version-read.server'

const read: CompanyVersionRead = { slug: 'venue', id: 'company-1', publicVersion: 7, publicMediaVersion: 3 }
const row = { id: 'company-1', name: 'Venue', publicVersion: 7, publicMediaVersion: 3 }

describe('a company version read for one request', () => {
  it('is known inside the request it was read for, through its awaits, and nowhere else', async () => {
    expect(companyVersionReadFor('venue')).toBeUndefined()
    const seen = await withCompanyVersionRead(read, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return { same: companyVersionReadFor('venue'), other: companyVersionReadFor('another-venue') }
    })
    expect(seen).toEqual({ same: read, other: undefined })
    expect(companyVersionReadFor('venue')).toBeUndefined()
  })

  it('keeps two requests apart when they overlap', async () => {
    const later = { ...read, publicVersion: 8 }
    const [first, second] = await Promise.all([
      withCompanyVersionRead(read, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return companyVersionReadFor('venue')
      }),
      withCompanyVersionRead(later, async () => companyVersionReadFor('venue')),
    ])
    expect(first?.publicVersion).toBe(7)
    expect(second?.publicVersion).toBe(8)
  })
})

describe('kept company rows', () => {
  it('give back a row only when a read for this request vouches for it: same company, same version of its edits', () => {
    const kept = new KeptCompanyRows<typeof row>()
    kept.keep('venue', row)
    expect(kept.current('venue', read)).toBe(row)
    expect(kept.current('venue', undefined)).toBeUndefined()
    expect(kept.current('venue', { ...read, publicVersion: 8 })).toBeUndefined()
    // Photos processed meanwhile move the media version alone: the same row, with the version read.
    expect(kept.current('venue', { ...read, publicMediaVersion: 4 })).toEqual({ ...row, publicMediaVersion: 4 })
    expect(kept.current('venue', { ...read, publicMediaVersion: 4 })).toEqual({ ...row, publicMediaVersion: 4 })
    // Another company that took the address, whatever its counts.
    expect(kept.current('venue', { ...read, id: 'company-2' })).toBeUndefined()
    expect(kept.current('another-venue', { ...read, slug: 'another-venue' })).toBeUndefined()
  })

  it('hold a bounded number of companies', () => {
    const kept = new KeptCompanyRows<typeof row>()
    for (let i = 0; i < 2001; i++) kept.keep(`venue-${i}`, { ...row, id: `company-${i}` })
    expect(kept.current('venue-2000', { ...read, slug: 'venue-2000', id: 'company-2000' })).toBeDefined()
    expect(kept.current('venue-0', { ...read, slug: 'venue-0', id: 'company-0' })).toBeUndefined()
  })
})
