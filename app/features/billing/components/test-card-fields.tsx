import { TextField } from '#app/components/ui/field'
import { useTranslation } from '#app/lib/react-i18n'

/** The card fields of the built-in test provider's forms (checkout and "update card"). */
export function TestCardFields({ errors }: { errors?: Record<string, string[]> }) {
  const { t } = useTranslation()
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  return (
    <div className="space-y-4">
      <TextField
        label={t('billing.testProvider.cardNumberLabel')}
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        errors={translate(errors?.number)}
        required
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('billing.testProvider.expiryLabel')}
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          errors={translate(errors?.expiry)}
          required
        />
        <TextField
          label={t('billing.testProvider.cvcLabel')}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          errors={translate(errors?.cvc)}
          required
        />
      </div>
      <TextField
        label={t('billing.testProvider.nameLabel')}
        name="name"
        autoComplete="cc-name"
        errors={translate(errors?.name)}
        required
      />
    </div>
  )
}

/** Says plainly that nothing real is charged, and which test cards do what. */
export function TestModeNotice() {
  const { t } = useTranslation()
  return (
    <div
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-ink"
      data-testid="test-mode-notice"
    >
      <p className="font-medium">{t('billing.testProvider.testMode')}</p>
      <p className="mt-0.5 text-ink-muted">{t('billing.testProvider.testCards')}</p>
    </div>
  )
}
