import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useId, useState, type RefObject } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { Button } from '#app/components/ui/button'
import { Switch } from '#app/components/ui/switch'
import {
  CONSENT_CATEGORIES,
  CONSENT_VALIDITY_DAYS,
  CONSENT_VERSION,
  type ConsentCategory,
  type ConsentPreferences,
  type ConsentState,
} from '../consent'
import { acceptAll, acceptNecessaryOnly, resetConsent, savePreferences } from '../consent-choices'
import { CONSENT_PRIMARY, CONSENT_SECONDARY, CONSENT_SURFACE } from './consent-styles'
import type { ConsentChoice } from './cookie-consent'

// Long labels (French, Portuguese) wrap inside the button instead of overflowing it.
const DIALOG_BUTTON = 'h-auto min-h-11 py-2 leading-tight sm:flex-1 sm:text-sm'

type CookieSettingsDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLElement | null>
  consent: ConsentState
  onChosen: (choice: ConsentChoice) => void
  onReset: () => void
}

/** Per-category choices. Radix traps focus, closes on Escape and hands focus back on close. */
export default function CookieSettingsDialog({
  open,
  onOpenChange,
  returnFocusTo,
  consent,
  onChosen,
  onReset,
}: CookieSettingsDialogProps) {
  const { t } = useTranslation()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 transition-opacity duration-200 starting:opacity-0" />
        <RadixDialog.Content
          data-testid="cookie-settings"
          data-consent-dialog
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current
            if (!target?.isConnected) return
            event.preventDefault()
            target.focus()
          }}
          className={`${CONSENT_SURFACE} fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col transition duration-200 ease-out starting:scale-95 starting:opacity-0`}
        >
          <div className="px-5 pt-5 sm:px-6 sm:pt-6">
            <RadixDialog.Title className="pr-10 text-xl font-semibold">{t('consent.dialog.title')}</RadixDialog.Title>
            <RadixDialog.Description className="mt-2 text-sm leading-relaxed text-ink-muted">
              {t('consent.dialog.description', { days: CONSENT_VALIDITY_DAYS })}
            </RadixDialog.Description>
          </div>
          <RadixDialog.Close
            aria-label={t('consent.dialog.close')}
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-white/10 hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </RadixDialog.Close>
          <CategoryChoices consent={consent} onChosen={onChosen} onReset={onReset} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** Remounts with each opening, so the switches start from what is stored. */
function CategoryChoices({
  consent,
  onChosen,
  onReset,
}: Pick<CookieSettingsDialogProps, 'consent' | 'onChosen' | 'onReset'>) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  const [draft, setDraft] = useState<ConsentPreferences>(consent.preferences)
  const hasStoredConsent = consent.status !== null || consent.bannerSeen
  return (
    <>
      {/* Only the list scrolls on small screens; the choices stay in view. */}
      <ul className="mt-4 min-h-0 flex-1 divide-y divide-line overflow-y-auto border-y border-line px-5 sm:px-6">
        {CONSENT_CATEGORIES.map((category) => (
          <CategoryRow
            key={category}
            category={category}
            checked={draft[category]}
            onCheckedChange={(checked) => setDraft((current) => ({ ...current, [category]: checked, necessary: true }))}
          />
        ))}
      </ul>
      <div className="px-5 pt-4 pb-5 sm:px-6 sm:pb-6">
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            size="lg"
            className={`${CONSENT_PRIMARY} ${DIALOG_BUTTON}`}
            onClick={() => {
              acceptAll()
              onChosen('acceptedAll')
            }}
          >
            {t('consent.dialog.acceptAll')}
          </Button>
          <Button
            size="lg"
            className={`${CONSENT_SECONDARY} ${DIALOG_BUTTON}`}
            onClick={() => {
              savePreferences(draft)
              onChosen('saved')
            }}
          >
            {t('consent.dialog.save')}
          </Button>
          <Button
            size="lg"
            className={`${CONSENT_SECONDARY} ${DIALOG_BUTTON}`}
            onClick={() => {
              acceptNecessaryOnly()
              onChosen('declined')
            }}
          >
            {t('consent.dialog.onlyNecessary')}
          </Button>
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-ink-muted">
          <p data-testid="consent-record">
            {consent.timestamp
              ? t('consent.dialog.chosenOn', {
                  date: date(consent.timestamp),
                  version: CONSENT_VERSION,
                })
              : t('consent.dialog.notChosen')}
          </p>
          {hasStoredConsent ? (
            <button
              type="button"
              className="rounded font-medium text-ink underline underline-offset-2 hover:text-accent"
              onClick={() => {
                resetConsent()
                onReset()
              }}
            >
              {t('consent.dialog.reset')}
            </button>
          ) : null}
        </div>
      </div>
    </>
  )
}

function CategoryRow({
  category,
  checked,
  onCheckedChange,
}: {
  category: ConsentCategory
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  const { t } = useTranslation()
  const labelId = useId()
  const descriptionId = useId()
  const locked = category === 'necessary'
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span id={labelId}>{t(`consent.categories.${category}.label`)}</span>
          {locked ? (
            <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-medium text-ink-muted">
              {t('consent.categories.alwaysOn')}
            </span>
          ) : null}
        </p>
        <p id={descriptionId} className="mt-1 text-sm leading-relaxed text-ink-muted">
          {t(`consent.categories.${category}.description`)}
        </p>
      </div>
      <Switch
        checked={locked || checked}
        disabled={locked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        data-testid={`consent-switch-${category}`}
        className="mt-0.5"
      />
    </li>
  )
}
