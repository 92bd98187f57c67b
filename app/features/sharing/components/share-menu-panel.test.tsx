// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createRef, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { TranslatorProvider } from '#app/lib/react-i18n'
import { Translator } from '#app/lib/translator'
import en from '#app/locales/en.json'
import { ShareMenuPanel } from './share-menu-panel'

afterEach(cleanup)

/** The menu opened from a Share button placed in `frame` (the admin's page, a fans' page, the photo viewer). */
function openedIn(frame: (button: ReactNode) => ReactNode) {
  const buttonRef = createRef<HTMLButtonElement>()
  render(
    <TranslatorProvider i18n={new Translator('en', { en }, ['en'])}>
      {frame(
        <button ref={buttonRef} id="share-button" type="button">
          Share
        </button>,
      )}
      <ShareMenuPanel
        url="https://example.test/night"
        title="Night"
        menuId="share-menu"
        buttonId="share-button"
        buttonRef={buttonRef}
        focus="first"
        onClose={() => undefined}
      />
    </TranslatorProvider>,
  )
  const menu = screen.getByTestId('share-menu')
  return { menu, canvas: menu.closest('.theme-night, .theme-light') }
}

describe('the share menu', () => {
  it("takes the admin's light look in the admin, which has no canvas of its own", () => {
    const { menu, canvas } = openedIn((button) => <main>{button}</main>)
    expect(canvas).toBeNull()
    expect(menu.parentElement?.parentElement).toBe(document.body)
  })

  it("takes a fans' page's canvas and the company's colours, night or light", () => {
    const light = openedIn((button) => (
      <div className="theme-light" data-testid="page" style={{ '--accent': '#e11d48' } as React.CSSProperties}>
        {button}
      </div>
    ))
    expect(light.canvas).toBe(screen.getByTestId('page'))
    cleanup()
    const night = openedIn((button) => <div className="theme-night">{button}</div>)
    expect(night.canvas?.className).toBe('theme-night')
  })

  it('is black in the photo viewer, which is black on every canvas, and lives inside it', () => {
    const { menu, canvas } = openedIn((button) => (
      <div className="yarl__root" aria-modal="true" data-testid="viewer">
        {button}
      </div>
    ))
    expect(canvas?.className).toBe('theme-night')
    expect(screen.getByTestId('viewer').contains(menu)).toBe(true)
  })
})
