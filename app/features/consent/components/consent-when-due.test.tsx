// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONSENT_BANNER_DELAY_MS } from '../consent'
import { acceptAll } from '../consent-choices'
import { openCookieSettings } from '../open-cookie-settings'
import { bannerShown, preloadConsentUi, renderOnPage, settle } from './consent-test-page'
import { ConsentWhenDue } from './consent-when-due'

function renderWhenDue(remindOnLoad: boolean) {
  return renderOnPage(<ConsentWhenDue remindOnLoad={remindOnLoad} />)
}

describe('the consent UI, shown when due', () => {
  beforeAll(async () => {
    await preloadConsentUi()
  })
  beforeEach(() => {
    localStorage.clear()
    document.documentElement.lang = 'en'
    // The page's timers and clock: module loading for the lazy pieces keeps its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('shows the page’s banner 2 s after the page is up, with nothing to fetch', async () => {
    renderWhenDue(true)
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS - 100))
    await settle()
    expect(bannerShown()).toBe(false)
    await act(async () => vi.advanceTimersByTimeAsync(100))
    await settle()
    expect(bannerShown()).toBe(true)
  })

  it('greets a load that has a decision with the status card, where the page reminds', async () => {
    acceptAll()
    renderWhenDue(true)
    await settle()
    expect(screen.getByTestId('consent-status')).toBeTruthy()
  })

  it('shows nothing where the page does not remind and nobody asks, then answers "Cookie settings"', async () => {
    acceptAll()
    renderWhenDue(false)
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS * 2))
    await settle()
    expect(screen.queryByTestId('consent-status')).toBeNull()
    expect(bannerShown()).toBe(false)
    act(() => openCookieSettings())
    await settle()
    expect(screen.getByRole('dialog', { name: 'Cookie settings' })).toBeTruthy()
  })
})
