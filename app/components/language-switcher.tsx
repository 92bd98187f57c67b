import { Languages } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { useRevalidator } from 'react-router'
import { LANGUAGES, isLanguage } from '#app/lib/i18n'
import { cn } from '#app/lib/cn'
import { rememberLanguage } from './i18n-provider'

/** Switches the interface language; the server re-renders loader texts in it. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const revalidator = useRevalidator()
  return (
    <label className={cn('relative inline-flex items-center gap-1.5 text-sm', className)}>
      <Languages aria-hidden className="size-4 opacity-70" />
      <span className="sr-only">{t('common.language')}</span>
      <select
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
    </label>
  )
}
