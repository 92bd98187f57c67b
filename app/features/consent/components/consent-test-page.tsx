import { act, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { createI18n } from '#app/lib/i18n'
import { TranslatorProvider } from '#app/lib/react-i18n'
import en from '#app/locales/en.json'
import ConsentBanner from './consent-banner'

/* What the consent UI's unit tests share: a page to render it on, and a wait for its lazy parts. */

/** `element` on a page of its own, in English, inside a router, with the banner the server puts in every page (hidden). */
export function renderOnPage(element: ReactElement) {
  const i18n = createI18n('en', { en })
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <ConsentBanner />
          {element}
        </>
      ),
    },
  ])
  return render(
    <TranslatorProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslatorProvider>,
  )
}

/** Lets the lazily imported pieces of UI arrive (module loading runs on real time). */
export async function settle() {
  for (let round = 0; round < 8; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

/** Whether the page's banner is shown. */
export const bannerShown = () => !screen.getByTestId('consent-banner').hidden

/** Loads every lazy part once, so each test waits only for React, not for module loading. */
export const preloadConsentUi = () =>
  Promise.all([
    import('./consent-banner-answers'),
    import('./cookie-consent'),
    import('./consent-status-card'),
    import('./cookie-settings-dialog'),
  ])
