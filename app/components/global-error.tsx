import { isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '#app/lib/i18n'

/*
 * The last-resort screen renders even when the catalogs could not load, so its three texts
 * live here in every language rather than in the JSON catalogs.
 */
export const LAST_RESORT_TEXTS: Record<
  Language,
  { title: string; message: string; reload: string; refusedTitle: string; refusedMessage: string }
> = {
  en: {
    title: 'Something went wrong',
    message: 'An unexpected error occurred. Please reload the page.',
    reload: 'Reload page',
    refusedTitle: 'This request could not be accepted',
    refusedMessage: 'What was sent is not something this page takes. Go back and try again.',
  },
  pt: {
    title: 'Algo deu errado',
    message: 'Ocorreu um erro inesperado. Por favor, recarregue a página.',
    reload: 'Recarregar página',
    refusedTitle: 'Este pedido não pôde ser aceito',
    refusedMessage: 'O que foi enviado não é algo que esta página recebe. Volte e tente novamente.',
  },
  es: {
    title: 'Algo salió mal',
    message: 'Se produjo un error inesperado. Vuelve a cargar la página.',
    reload: 'Recargar página',
    refusedTitle: 'No se pudo aceptar esta solicitud',
    refusedMessage: 'Lo enviado no es algo que esta página reciba. Vuelve atrás e inténtalo de nuevo.',
  },
  fr: {
    title: 'Une erreur est survenue',
    message: 'Une erreur inattendue s’est produite. Veuillez recharger la page.',
    reload: 'Recharger la page',
    refusedTitle: 'Cette demande n’a pas pu être acceptée',
    refusedMessage: 'Ce qui a été envoyé n’est pas accepté par cette page. Revenez en arrière et réessayez.',
  },
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

/** `refused`: the request was refused (a 4xx), not failed: said so, rather than "unexpected error". */
export function GlobalErrorScreen({ language, refused = false }: { language?: string; refused?: boolean }) {
  const all = LAST_RESORT_TEXTS[storedLanguage(language)]
  const texts = refused ? { ...all, title: all.refusedTitle, message: all.refusedMessage } : all
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
