// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONSENT_BANNER_DELAY_MS } from '../consent'
import { acceptAll } from '../consent-choices'
import { openCookieSettings } from '../open-cookie-settings'
import { preloadConsentUi, renderOnPage, settle } from './consent-test-page'
import { ConsentWhenDue } from './consent-when-due'

function renderWhenDue(remindOnLoad: boolean) {
  return renderOnPage(<ConsentWhenDue remindOnLoad={remindOnLoad} />)
}

describe('the consent UI, fetched when due', () => {
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

  it('shows the banner 2 s after the page is up, counted from then, not from its code arriving', async () => {
    renderWhenDue(true)
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS - 100))
    await settle()
    expect(screen.queryByTestId('consent-banner')).toBeNull()
    await act(async () => vi.advanceTimersByTimeAsync(100))
    await settle()
    expect(screen.getByTestId('consent-banner')).toBeTruthy()
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
    expect(screen.queryByTestId('consent-banner')).toBeNull()
    act(() => openCookieSettings())
    await settle()
    expect(screen.getByRole('dialog', { name: 'Cookie settings' })).toBeTruthy()
  })
})
