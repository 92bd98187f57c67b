// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { TranslatorProvider } from '#app/lib/react-i18n'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '#app/lib/i18n'
import en from '#app/locales/en.json'
import { CONSENT_BANNER_DELAY_MS } from '../consent'
import { acceptAll } from '../consent-choices'
import { openCookieSettings } from '../open-cookie-settings'
import { ConsentWhenDue } from './consent-when-due'

function renderWhenDue(remindOnLoad: boolean) {
  const i18n = createI18n('en', { en: { translation: en } })
  const router = createMemoryRouter([{ path: '/', element: <ConsentWhenDue remindOnLoad={remindOnLoad} /> }])
  return render(
    <TranslatorProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslatorProvider>,
  )
}

// Lets the lazily imported pieces of UI arrive (module loading runs on real time).
async function settle() {
  for (let round = 0; round < 8; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

describe('the consent UI, fetched when due', () => {
  beforeAll(async () => {
    await Promise.all([import('./consent-banner'), import('./cookie-consent'), import('./consent-status-card'), import('./cookie-settings-dialog')])
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
