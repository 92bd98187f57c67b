// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// React asks for this before it runs act() outside its own test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const zoneBefore = process.env.TZ
afterEach(() => {
  process.env.TZ = zoneBefore
  vi.resetModules()
})

describe('dates in a page drawn on the server and hydrated in the browser', () => {
  it('are the same text in both (UTC), then the reader’s own time zone once hydrated', async () => {
    // A reader in São Paulo: the lead arrived at 01:30 UTC on the 13th, 22:30 on the 12th there.
    process.env.TZ = 'America/Sao_Paulo'
    // Fresh modules, so that no date format made in another zone by another test is reused.
    vi.resetModules()
    const { renderToString } = await import('react-dom/server')
    const { hydrateRoot } = await import('react-dom/client')
    const { Translator } = await import('./translator')
    const { TranslatorProvider } = await import('./react-i18n')
    const { useDateFormat } = await import('./use-date-format')

    function LeadArrived() {
      const format = useDateFormat()
      return <time>{format.dateTime('2026-03-13T01:30:00Z')}</time>
    }
    const page = (
      <TranslatorProvider i18n={new Translator('pt', {}, ['en'])}>
        <LeadArrived />
      </TranslatorProvider>
    )

    const html = renderToString(page)
    expect(html).toContain('13 de mar. de 2026, 01:30')
    const container = document.createElement('div')
    container.innerHTML = html
    const mismatches: unknown[] = []
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => mismatches.push(error) })
    })
    expect(mismatches).toEqual([])
    expect(container.textContent).toBe('12 de mar. de 2026, 22:30')
  })
})
