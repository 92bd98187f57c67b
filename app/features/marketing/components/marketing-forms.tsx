import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Trans } from '#app/lib/trans'
import { Link, useActionData, useFetcher, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button'
import { Field, TextField } from '#app/components/ui/field'
import { cn } from '#app/lib/cn'
import { CONTACT_MESSAGE_MAX, type MarketingFormKind, type MarketingFormResponse } from '../marketing-forms.schema'

/*
 * The three forms post to the home page's action. With JavaScript a fetcher keeps the page in
 * place; without it the browser posts the same form and the page comes back with the outcome.
 */

function useMarketingForm(kind: MarketingFormKind) {
  const fetcher = useFetcher<MarketingFormResponse>({ key: `marketing-form-${kind}` })
  const actionData = useActionData() as MarketingFormResponse | undefined
  const navigation = useNavigation()
  const outcome = fetcher.data ?? (actionData?.kind === kind ? actionData : undefined)
  const submitting =
    fetcher.state === 'submitting' || (navigation.state === 'submitting' && navigation.formData?.get('kind') === kind)
  // Each success remounts the fields (keyed by the stored submission), which clears them; a
  // later refusal keeps what the visitor typed.
  const [formKey, setFormKey] = useState('form')
  if (outcome?.status === 'success' && outcome.id !== formKey) setFormKey(outcome.id)

  const errors = (field: string) => (outcome?.status === 'invalid' ? outcome.errors[field] : undefined)
  const value = (field: string) => (outcome?.status === 'invalid' ? outcome.values[field] : undefined)
  return { Form: fetcher.Form, formKey, outcome, submitting, errors, value }
}

/** Without JavaScript the page comes back scrolled to the form that was sent. */
// The form's kind in its address too: a flood already refused is answered without reading the form.
const actionFor = (kind: MarketingFormKind) => `/?index&kind=${kind}#${kind}`

function Notice({
  tone,
  children,
  testId,
}: {
  tone: 'success' | 'warning' | 'error'
  children: ReactNode
  testId?: string
}) {
  const Icon = tone === 'success' ? CheckCircle2 : tone === 'warning' ? AlertTriangle : XCircle
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'success' && 'border-emerald-400/30 bg-emerald-400/10 text-emerald-200',
        tone === 'warning' && 'border-amber-400/30 bg-amber-400/10 text-amber-200',
        tone === 'error' && 'border-red-400/30 bg-red-400/10 text-red-200',
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}

/** Success, the sanitising warning, and what went wrong, in the order a visitor reads them. */
function Outcome({ kind, outcome }: { kind: MarketingFormKind; outcome: MarketingFormResponse | undefined }) {
  const { t } = useTranslation()
  if (!outcome) return null
  const sanitized = (outcome.status === 'success' || outcome.status === 'invalid') && outcome.sanitized
  return (
    <div className="space-y-2" data-testid={`${kind}-outcome`}>
      {outcome.status === 'success' ? (
        <Notice tone="success" testId={`${kind}-success`}>
          {t(`home.forms.${kind}.success`)}
        </Notice>
      ) : null}
      {sanitized ? <Notice tone="warning">{t('home.forms.sanitized')}</Notice> : null}
      {outcome.status === 'rate-limited' ? (
        <Notice tone="error">
          {t('home.forms.rateLimited', { minutes: Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)) })}
        </Notice>
      ) : null}
      {outcome.status === 'failed' ? (
        <Notice tone="error">{kind === 'contact' ? t('home.forms.contact.failed') : t('errors.generic')}</Notice>
      ) : null}
    </div>
  )
}

function PrivacyNote() {
  return (
    <p className="text-xs text-ink-muted">
      <Trans
        i18nKey="home.forms.privacyNote"
        components={{ policy: <Link to="/privacy" className="underline underline-offset-2 hover:text-ink" /> }}
      />
    </p>
  )
}

function SubmitButton({
  kind,
  submitting,
  className,
}: {
  kind: MarketingFormKind
  submitting: boolean
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <Button
      type="submit"
      size="lg"
      disabled={submitting}
      aria-disabled={submitting}
      className={cn('rounded-full', className)}
      data-testid={`${kind}-submit`}
    >
      {submitting ? t(`home.forms.${kind}.submitting`) : t(`home.forms.${kind}.submit`)}
    </Button>
  )
}

/** Register interest: one e-mail field beside its button. */
export function InterestForm() {
  const { t } = useTranslation()
  const { Form, formKey, outcome, submitting, errors, value } = useMarketingForm('interest')
  return (
    <Form
      key={formKey}
      method="post"
      action={actionFor('interest')}
      noValidate
      className="space-y-3"
      data-testid="interest-form"
      aria-label={t('home.forms.interest.label')}
    >
      <input type="hidden" name="kind" value="interest" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            label={t('home.forms.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('home.forms.emailPlaceholder')}
            defaultValue={value('email')}
            errors={errors('email')?.map((key) => t(key))}
          />
        </div>
        <SubmitButton kind="interest" submitting={submitting} className="sm:mt-7" />
      </div>
      <Outcome kind="interest" outcome={outcome} />
      <PrivacyNote />
    </Form>
  )
}

export function NewsletterForm() {
  const { t } = useTranslation()
  const { Form, formKey, outcome, submitting, errors, value } = useMarketingForm('newsletter')
  return (
    <Form
      key={formKey}
      method="post"
      action={actionFor('newsletter')}
      noValidate
      className="space-y-3"
      data-testid="newsletter-form"
      aria-label={t('home.forms.newsletter.label')}
    >
      <input type="hidden" name="kind" value="newsletter" />
      <TextField
        label={t('home.forms.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('home.forms.emailPlaceholder')}
        defaultValue={value('email')}
        errors={errors('email')?.map((key) => t(key))}
      />
      <SubmitButton kind="newsletter" submitting={submitting} className="w-full" />
      <Outcome kind="newsletter" outcome={outcome} />
    </Form>
  )
}

export function ContactForm() {
  const { t } = useTranslation()
  const { Form, formKey, outcome, submitting, errors, value } = useMarketingForm('contact')
  return (
    <Form
      key={formKey}
      method="post"
      action={actionFor('contact')}
      noValidate
      className="space-y-5"
      data-testid="contact-form"
      aria-label={t('home.forms.contact.label')}
    >
      <input type="hidden" name="kind" value="contact" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('home.forms.contact.name')}
          name="name"
          autoComplete="name"
          defaultValue={value('name')}
          errors={errors('name')?.map((key) => t(key))}
        />
        <TextField
          label={t('home.forms.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={value('email')}
          errors={errors('email')?.map((key) => t(key))}
        />
      </div>
      <MessageField defaultValue={value('message')} errors={errors('message')?.map((key) => t(key))} />
      <Outcome kind="contact" outcome={outcome} />
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PrivacyNote />
        <SubmitButton kind="contact" submitting={submitting} className="shrink-0" />
      </div>
    </Form>
  )
}

/** The message with a live count against the spec's 1000 characters. */
function MessageField({ defaultValue, errors }: { defaultValue?: string; errors?: string[] }) {
  const { t } = useTranslation()
  const [length, setLength] = useState(defaultValue?.length ?? 0)
  return (
    <div className="space-y-1.5">
      <Field label={t('home.forms.contact.message')} errors={errors}>
        {({ className, ...control }) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            defaultValue={defaultValue}
            onChange={(event) => setLength(event.currentTarget.value.length)}
            className={cn(
              className,
              'h-auto min-h-36 resize-y py-2.5',
              length > CONTACT_MESSAGE_MAX && 'border-danger',
            )}
          />
        )}
      </Field>
      <p
        className={cn(
          'text-right text-xs tabular-nums',
          length > CONTACT_MESSAGE_MAX ? 'text-danger' : 'text-ink-muted',
        )}
      >
        {t('home.forms.contact.counter', { length, max: CONTACT_MESSAGE_MAX })}
      </p>
    </div>
  )
}
