// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createRoutesStub, data, Link } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { editorLinkState, rememberEditedKind } from '#app/features/galleries/components/editor-content-kind'
import { TranslatorProvider } from '#app/lib/react-i18n'
import { Translator } from '#app/lib/translator'
import en from '#app/locales/en.json'
import pt from '#app/locales/pt.json'
import { ErrorBoundary } from './content.$id'

afterEach(cleanup)

/** The editor whose data the server fails to load, as the admin reaches it from the library or by its address. */
function EditorThatFailsToLoad({ language = 'en', at }: { language?: string; at: string }) {
  const Stub = createRoutesStub([
    {
      path: '/admin/content',
      Component: () => (
        <>
          <Link to="/admin/content/gallery-1" state={editorLinkState('gallery')}>
            A gallery
          </Link>
          <Link to="/admin/content/single-1" state={editorLinkState('single')}>
            A single item
          </Link>
        </>
      ),
    },
    {
      path: '/admin/content/:contentItemId',
      loader: () => {
        throw data({ code: 'INTERNAL', messageKey: 'errors.server', details: {} }, { status: 500 })
      },
      Component: () => null,
      ErrorBoundary,
    },
  ])
  return (
    <TranslatorProvider i18n={new Translator(language, { en, pt }, ['en'])}>
      <Stub initialEntries={[at]} />
    </TranslatorProvider>
  )
}

const message = async () => (await screen.findByTestId('admin-error')).querySelector('p')?.textContent

describe("the editor's screen when its item cannot be loaded", () => {
  it("says 'Error loading gallery data' for a gallery opened from the library, in the admin's language", async () => {
    render(<EditorThatFailsToLoad at="/admin/content" language="pt" />)
    fireEvent.click(screen.getByText('A gallery'))
    expect(await message()).toBe('Erro ao carregar dados da galeria')
    expect(screen.getByRole('heading').textContent).toBe('Erro do sistema')
  })

  it('keeps the usual words for a single item, and for an address of which the tab knows nothing', async () => {
    render(<EditorThatFailsToLoad at="/admin/content" />)
    fireEvent.click(screen.getByText('A single item'))
    const single = await message()
    expect(single).not.toBe('Error loading gallery data')
    cleanup()
    render(<EditorThatFailsToLoad at="/admin/content/unknown-1" />)
    expect(await message()).toBe(single)
  })

  it('knows a gallery this tab opened before, when loading it again fails', async () => {
    rememberEditedKind('gallery-2', 'gallery')
    render(<EditorThatFailsToLoad at="/admin/content/gallery-2" />)
    expect(await message()).toBe('Error loading gallery data')
  })
})
