import { useId, type ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Trans } from '#app/lib/trans'
import { FormAlert, TextField } from '#app/components/ui/field'
import { cn } from '#app/lib/cn'
import { hasMissingRequired } from '../lead-capture.schema'

export type LeadFieldValues = Partial<Record<'fullName' | 'email' | 'phone' | 'organisation', string>> & {
  marketingConsent?: boolean
}

/**
 * The lead form's fields (spec §5), shared by the dialog and the page that works without
 * JavaScript. `errors` holds i18n keys per field, as the schema and the server give them;
 * `dataProcessingKey` names what the details are for, when it is not a download.
 */
export function LeadCaptureFields({
  errors,
  values,
  companyName,
  privacyHref,
  dataProcessingKey = 'downloads.lead.dataProcessing',
}: {
  errors: Record<string, string[]>
  values?: LeadFieldValues
  companyName: string
  privacyHref: string
  dataProcessingKey?: string
}) {
  const { t } = useTranslation()
  const translated = (field: string) => errors[field]?.map((key) => t(key))
  return (
    <div className="space-y-4">
      {hasMissingRequired(errors) ? (
        <FormAlert>
          <strong className="block font-semibold">{t('downloads.lead.missingTitle')}</strong>
          {t('downloads.lead.missingText')}
        </FormAlert>
      ) : null}
      {errors.form ? <FormAlert>{errors.form.map((key) => t(key)).join(' ')}</FormAlert> : null}
      <TextField
        label={t('downloads.lead.fullName')}
        name="fullName"
        autoComplete="name"
        required
        maxLength={200}
        defaultValue={values?.fullName}
        errors={translated('fullName')}
      />
      <TextField
        label={t('downloads.lead.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={values?.email}
        errors={translated('email')}
      />
      {/* What a download needs up front is a name and an address: the rest is folded away, opened
          when it holds something to see (values kept from a failed post, or an error). */}
      <details
        className="group rounded-[var(--radius-ui)] border border-line"
        open={Boolean(values?.phone || values?.organisation || errors.phone || errors.organisation)}
        data-testid="lead-optional-fields"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-3 text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
          {t('downloads.lead.moreDetails')}
          {/* Drawn in CSS: an icon here would add its module to what fans' pages preload. */}
          <span
            aria-hidden
            className="mr-1 size-2 shrink-0 -translate-y-0.5 rotate-45 border-r-2 border-b-2 border-ink-muted transition-transform group-open:translate-y-0.5 group-open:rotate-[225deg]"
          />
        </summary>
        <div className="space-y-4 px-3 pt-1 pb-3">
          <TextField
            label={t('downloads.lead.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={values?.phone}
            errors={translated('phone')}
          />
          <TextField
            label={t('downloads.lead.organisation')}
            name="organisation"
            autoComplete="organization"
            defaultValue={values?.organisation}
            errors={translated('organisation')}
          />
        </div>
      </details>
      <fieldset className="space-y-3 pt-1">
        <ConsentCheckbox name="privacyAccepted" required errors={translated('privacyAccepted')}>
          <Trans
            i18nKey="downloads.lead.privacy"
            components={{
              policy: (
                <a
                  href={privacyHref}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-accent underline underline-offset-2"
                />
              ),
            }}
          />
        </ConsentCheckbox>
        <ConsentCheckbox name="dataProcessingConsent" required errors={translated('dataProcessingConsent')}>
          {t(dataProcessingKey, { company: companyName })}
        </ConsentCheckbox>
        <ConsentCheckbox name="marketingConsent" defaultChecked={values?.marketingConsent}>
          {t('downloads.lead.marketing', { company: companyName })}
        </ConsentCheckbox>
      </fieldset>
    </div>
  )
}

function ConsentCheckbox({
  name,
  required,
  defaultChecked,
  errors,
  children,
}: {
  name: string
  required?: boolean
  defaultChecked?: boolean
  errors?: string[]
  children: ReactNode
}) {
  const id = useId()
  const hasErrors = Boolean(errors?.length)
  return (
    <div>
      {/* The whole row is the tap target: a 20 px box alone is too small on a phone. */}
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-[var(--radius-ui)] py-1 text-sm leading-snug text-ink"
      >
        <input
          id={id}
          type="checkbox"
          name={name}
          required={required}
          defaultChecked={defaultChecked}
          aria-invalid={hasErrors}
          aria-describedby={hasErrors ? `${id}-errors` : undefined}
          className={cn(
            'mt-0.5 size-5 shrink-0 accent-[var(--accent)]',
            hasErrors && 'outline outline-2 outline-danger',
          )}
        />
        <span>{children}</span>
      </label>
      {hasErrors ? (
        <ul id={`${id}-errors`} className="mt-1 ml-8 space-y-0.5 text-sm text-danger" aria-live="polite">
          {errors!.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
