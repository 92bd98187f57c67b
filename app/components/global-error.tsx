import { isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '#app/lib/i18n'

/*
 * The last-resort screen renders even when the catalogs could not load, so its three texts
 * live here in every language rather than in the JSON catalogs.
 */
const TEXTS: Record<Language, { title: string; message: string; reload: string }> = {
  en: { title: 'Something went wrong', message: 'An unexpected error occurred. Please reload the page.', reload: 'Reload page' },
  pt: { title: 'Algo deu errado', message: 'Ocorreu um erro inesperado. Por favor, recarregue a página.', reload: 'Recarregar página' },
  es: { title: 'Algo salió mal', message: 'Se produjo un error inesperado. Vuelve a cargar la página.', reload: 'Recargar página' },
  fr: { title: 'Une erreur est survenue', message: 'Une erreur inattendue s’est produite. Veuillez recharger la page.', reload: 'Recharger la page' },
}

function storedLanguage(fallback?: string): Language {
  if (isLanguage(fallback)) return fallback
  if (typeof localStorage === 'undefined') return 'en'
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(stored) ? stored : 'en'
  } catch {
    return 'en'
  }
}

export function GlobalErrorScreen({ language }: { language?: string }) {
  const texts = TEXTS[storedLanguage(language)]
  return (
    <main className="grid min-h-dvh place-items-center bg-surface-muted px-6">
      <div className="max-w-md text-center" role="alert">
        <h1 className="text-2xl font-semibold">{texts.title}</h1>
        <p className="mt-3 text-ink-muted">{texts.message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-accent px-5 font-medium text-accent-foreground"
        >
          {texts.reload}
        </button>
      </div>
    </main>
  )
}
