import { Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import { LANGUAGES, type Language } from '#app/lib/i18n'

type Props = {
  /** Form field prefix: inputs are named `{name}_{language}`. */
  name: string
  label: string
  values: Partial<Record<Language, string>>
  machineTranslated?: Language[]
  errors?: Record<string, string[]>
  maxLength: number
  multiline?: boolean
  disabled?: boolean
  hint?: string
  onValuesChange?: (values: Partial<Record<Language, string>>) => void
}

/**
 * One text in the four languages, one tab each. English is the default and required language;
 * every input stays in the form so one save sends them all. A text the translation provider
 * wrote is marked until the admin edits it.
 */
export function LocalizedTextField({
  name,
  label,
  values,
  machineTranslated = [],
  errors,
  maxLength,
  multiline,
  disabled,
  hint,
  onValuesChange,
}: Props) {
  const { t } = useTranslation()
  const id = useId()
  const [active, setActive] = useState<Language>('en')
  const [texts, setTexts] = useState(values)
  const [edited, setEdited] = useState<Set<Language>>(new Set())
  const errorOf = (language: Language) => errors?.[`${name}_${language}`]?.map((key) => t(key))
  const firstWithError = LANGUAGES.find(({ code }) => errorOf(code)?.length)?.code
  const shown = firstWithError && !errorOf(active)?.length ? firstWithError : active
  const update = (language: Language, text: string) => {
    const next = { ...texts, [language]: text }
    setTexts(next)
    setEdited((before) => new Set(before).add(language))
    onValuesChange?.(next)
  }
  return (
    <fieldset className="space-y-2" data-testid={`localized-${name}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <legend className="text-sm font-medium text-ink">{label}</legend>
        <div
          role="tablist"
          aria-label={t('settings.languages.label')}
          className="flex gap-1 rounded-lg bg-surface-muted p-0.5"
        >
          {LANGUAGES.map(({ code }) => (
            <button
              key={code}
              type="button"
              role="tab"
              id={`${id}-tab-${code}`}
              aria-selected={shown === code}
              aria-controls={`${id}-panel-${code}`}
              onClick={() => setActive(code)}
              className={cn(
                'relative rounded-md px-2.5 py-1 text-xs font-semibold uppercase',
                shown === code ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted hover:text-ink',
                errorOf(code)?.length ? 'text-danger' : null,
              )}
            >
              {code}
              {texts[code]?.trim() ? (
                <span aria-hidden className="absolute top-0.5 right-0.5 size-1.5 rounded-full bg-accent" />
              ) : null}
            </button>
          ))}
        </div>
      </div>
      {LANGUAGES.map(({ code, name: languageName }) => {
        const inputId = `${id}-${code}`
        const problems = errorOf(code)
        const machine = machineTranslated.includes(code) && !edited.has(code)
        const control = cn(
          'block w-full rounded-[var(--radius-ui)] border bg-surface px-3 text-base text-ink placeholder:text-ink-muted/70 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent sm:text-sm',
          problems?.length ? 'border-danger' : 'border-line',
          multiline ? 'py-2' : 'h-11',
        )
        const common = {
          id: inputId,
          name: `${name}_${code}`,
          value: texts[code] ?? '',
          disabled,
          maxLength: maxLength + 50,
          'aria-invalid': Boolean(problems?.length),
          'aria-describedby': `${inputId}-count`,
          'aria-label': `${label} (${languageName})`,
          placeholder: code === 'en' ? undefined : texts.en ? t('settings.languages.fallbackPlaceholder') : undefined,
          className: control,
        }
        const length = (texts[code] ?? '').length
        return (
          <div
            key={code}
            role="tabpanel"
            id={`${id}-panel-${code}`}
            aria-labelledby={`${id}-tab-${code}`}
            hidden={shown !== code}
            className="space-y-1.5"
          >
            {multiline ? (
              <textarea {...common} rows={4} onChange={(event) => update(code, event.target.value)} />
            ) : (
              <input {...common} onChange={(event) => update(code, event.target.value)} />
            )}
            <div className="flex items-start justify-between gap-3 text-xs text-ink-muted">
              <span>
                {machine ? (
                  <span className="inline-flex items-center gap-1 text-accent" data-testid="machine-translated">
                    <Sparkles aria-hidden className="size-3.5" />
                    {t('settings.languages.machineTranslated')}
                  </span>
                ) : code === 'en' ? (
                  t('settings.languages.englishDefault')
                ) : (
                  (hint ?? t('settings.languages.optional'))
                )}
              </span>
              <span
                id={`${inputId}-count`}
                className={cn('tabular-nums', length > maxLength ? 'font-medium text-danger' : null)}
              >
                {length}/{maxLength}
              </span>
            </div>
            {problems?.length ? (
              <ul className="space-y-0.5 text-sm text-danger" aria-live="polite">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )
      })}
    </fieldset>
  )
}
