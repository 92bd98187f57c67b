import { describe, expect, it } from 'vitest'
import { staysOnPage } from './action-changed-nothing'
import { revalidateUnlessUnchanged } from './action-result'

const page = new URL('https://example.test/admin/content?q=night')
const refused = { ok: false, error: 'invalid' }

describe('revalidateUnlessUnchanged', () => {
  it('keeps the data after a refused action on the same page', () => {
    expect(
      revalidateUnlessUnchanged({
        currentUrl: page,
        nextUrl: new URL(page),
        actionResult: refused,
        defaultShouldRevalidate: true,
      }),
    ).toBe(false)
  })

  it('reloads after an action that changed something', () => {
    expect(
      revalidateUnlessUnchanged({
        currentUrl: page,
        nextUrl: new URL(page),
        actionResult: { ok: true },
        defaultShouldRevalidate: true,
      }),
    ).toBe(true)
    expect(
      revalidateUnlessUnchanged({
        currentUrl: page,
        nextUrl: new URL(page),
        actionResult: { ok: false, changed: true },
        defaultShouldRevalidate: true,
      }),
    ).toBe(true)
  })

  it('loads the new page when a refused answer comes while a link is loading', () => {
    const elsewhere = new URL('https://example.test/admin/content?q=day')
    expect(
      revalidateUnlessUnchanged({
        currentUrl: page,
        nextUrl: elsewhere,
        actionResult: refused,
        defaultShouldRevalidate: true,
      }),
    ).toBe(true)
  })
})

describe('staysOnPage', () => {
  it('compares the path and the query, not the fragment', () => {
    expect(staysOnPage({ currentUrl: page, nextUrl: new URL('https://example.test/admin/content?q=night#top') })).toBe(
      true,
    )
    expect(staysOnPage({ currentUrl: page, nextUrl: new URL('https://example.test/admin/content') })).toBe(false)
    expect(staysOnPage({ currentUrl: page, nextUrl: new URL('https://example.test/admin/events?q=night') })).toBe(false)
  })
})
