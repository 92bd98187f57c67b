import { Languages } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { useLocation, useRevalidator } from 'react-router'
import { LANGUAGES, LANGUAGE_PARAMETER, isLanguage } from '#app/lib/i18n'
import { cn } from '#app/lib/cn'
import { rememberLanguage } from './i18n-provider'

/**
 * Switches the interface language; the server re-renders loader texts in it. Once the page has
 * hydrated the change happens in place. Before that (a slow phone still loading its scripts) a
 * script the server writes into the page (entry.server.tsx) asks for the same page in the language
 * chosen (server/language-choice.ts), and without JavaScript the switcher is a form that asks for
 * it with its own button.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const revalidator = useRevalidator()
  return (
    <form method="get" className={cn('relative inline-flex items-center gap-1.5 text-sm', className)}>
      <Languages aria-hidden className="size-4 opacity-70" />
      <select
        name={LANGUAGE_PARAMETER}
        aria-label={t('common.language')}
        value={i18n.language}
        data-testid="language-switcher"
        onChange={(event) => {
          const next = event.target.value
          if (!isLanguage(next)) return
          rememberLanguage(next)
          void revalidator.revalidate()
        }}
        className="cursor-pointer appearance-none rounded-md border border-transparent bg-transparent py-1 pr-1 pl-0.5 font-medium hover:border-line focus-visible:ring-2 focus-visible:ring-accent"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      {/* A browser running scripts reads a noscript's content as text, never as the form's: only the server draws it. */}
      <noscript>{import.meta.env.SSR ? <WithoutJavaScript label={t('common.changeLanguage')} /> : null}</noscript>
    </form>
  )
}

/** The form's own button, and the page's parameters, which a form sent by GET would otherwise replace. */
function WithoutJavaScript({ label }: { label: string }) {
  const kept = [...new URLSearchParams(useLocation().search)].filter(([name]) => name !== LANGUAGE_PARAMETER)
  return (
    <>
      {kept.map(([name, value], index) => (
        <input key={`${name}.${index}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="rounded-md border border-line px-2 py-0.5 font-medium hover:bg-surface-muted">
        {label}
      </button>
    </>
  )
}
