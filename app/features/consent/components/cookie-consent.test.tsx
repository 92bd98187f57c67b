// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONSENT_BANNER_DELAY_MS, CONSENT_STATUS_CARD_MS } from '../consent'
import { acceptAll, resetConsent } from '../consent-choices'
import { readConsent } from '../consent-store'
import { openCookieSettings } from '../open-cookie-settings'
import { bannerShown, preloadConsentUi, renderOnPage, settle } from './consent-test-page'
import { ConsentWhenDue } from './consent-when-due'
import { CookieConsent } from './cookie-consent'

/** The consent UI as the root has it (the page's banner, the rest fetched when due), or the rest alone as it arrives. */
function renderConsent(element = <ConsentWhenDue remindOnLoad />) {
  return renderOnPage(element)
}

describe('cookie consent on the page', () => {
  beforeAll(async () => {
    await preloadConsentUi()
  })
  beforeEach(() => {
    localStorage.clear()
    document.documentElement.lang = 'en'
    // Only the page's timers: module loading for the lazy pieces keeps its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('shows the banner 2 seconds after load, not before', async () => {
    renderConsent()
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS - 100))
    await settle()
    expect(bannerShown()).toBe(false)
    await act(async () => vi.advanceTimersByTimeAsync(100))
    await settle()
    expect(bannerShown()).toBe(true)
  })

  it('closing the banner hides it for good without a decision', async () => {
    renderConsent()
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS))
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Close without choosing' }))
    await settle()
    expect(bannerShown()).toBe(false)
    expect(readConsent()).toMatchObject({ status: null, bannerSeen: true })
    cleanup()
    renderConsent()
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS * 2))
    await settle()
    expect(bannerShown()).toBe(false)
    expect(screen.queryByTestId('consent-status')).toBeNull()
  })

  it('accept shows the status card with 4/4, which hides after 3 seconds', async () => {
    renderConsent()
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_BANNER_DELAY_MS))
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await settle()
    expect(bannerShown()).toBe(false)
    expect(screen.getByTestId('consent-status-count').textContent).toBe('4/4 enabled')
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_STATUS_CARD_MS))
    expect(screen.queryByTestId('consent-status')).toBeNull()
  })

  it('on a later load with consent, the card shows at once and no banner', async () => {
    acceptAll()
    renderConsent()
    await settle()
    expect(screen.getByTestId('consent-status')).toBeTruthy()
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_STATUS_CARD_MS))
    expect(screen.queryByTestId('consent-status')).toBeNull()
    expect(bannerShown()).toBe(false)
  })

  it('a reset made elsewhere (the cookie policy page, another tab) brings the banner back at once', async () => {
    acceptAll()
    renderConsent()
    await settle()
    expect(bannerShown()).toBe(false)
    act(() => void resetConsent())
    await settle()
    expect(bannerShown()).toBe(true)
    expect(screen.queryByTestId('consent-status')).toBeNull()
  })

  it('a "Cookie settings" link opens the dialog; the necessary switch is locked', async () => {
    renderConsent()
    act(() => openCookieSettings())
    await settle()
    const necessary = screen.getByRole('switch', { name: 'Necessary' })
    expect(necessary.getAttribute('aria-checked')).toBe('true')
    expect((necessary as HTMLButtonElement).disabled).toBe(true)
    const marketing = screen.getByRole('switch', { name: 'Marketing' })
    expect(marketing.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(marketing)
    expect(marketing.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }))
    await settle()
    expect(readConsent()).toMatchObject({
      status: 'declined',
      preferences: { necessary: true, functional: false, analytics: false, marketing: true },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('consent-status-count').textContent).toBe('2/4 enabled')
  })

  it('a "Cookie settings" link pressed before the consent UI arrived opens the dialog once it is there, and only once', async () => {
    act(() => openCookieSettings())
    renderConsent(<CookieConsent />)
    await settle()
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Only Necessary' }))
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    cleanup()
    renderConsent(<CookieConsent />)
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
