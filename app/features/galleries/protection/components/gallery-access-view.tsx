import { ArrowLeft, Lock } from 'lucide-react'
import { Form } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'
import { Button } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { CompanyLandingView, type CompanyLandingData } from '#app/features/companies/landing/components/company-landing'
import { PublicShell } from '#app/features/public/components/public-shell'
import type { PublicCompany } from '#app/access/context'

type Props =
  | { state: 'ended'; title: string; landing: CompanyLandingData }
  | { state: 'locked'; title: string; company: PublicCompany; basePath: string; error: string | null }

/** A protected gallery's door: its password form, or after its end the notice above the company's landing. */
export function GalleryAccessView(props: Props) {
  const { t } = useTranslation()
  if (props.state === 'ended') {
    return (
      <>
        <div
          role="status"
          className="border-b border-line bg-surface-muted px-4 py-4 text-center"
          data-testid="gallery-ended"
        >
          <p className="font-semibold">{t('public.protection.endedTitle')}</p>
          <p className="text-sm text-ink-muted">{t('public.protection.endedText', { title: props.title })}</p>
        </div>
        <CompanyLandingView {...props.landing} />
      </>
    )
  }
  const { company, basePath, title, error } = props
  return (
    <PublicShell company={company} basePath={basePath}>
      <div className="mx-auto max-w-md px-4 py-10 sm:px-6 sm:py-16">
        <a
          href={basePath || '/'}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm text-ink-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('public.protection.back', { company: company.name })}
        </a>
        <section className="mt-4 rounded-2xl border border-line bg-surface-muted/40 p-6" data-testid="gallery-password">
          <Lock aria-hidden className="size-6 text-accent" />
          <h1 className="mt-3 text-2xl font-semibold">{title}</h1>
          <p className="mt-2 text-ink-muted">{t('public.protection.passwordIntro')}</p>
          {/* A full page post: the answer sets the cookie and sends the fan into the gallery. */}
          <Form method="post" reloadDocument className="mt-6 space-y-4">
            <Field label={t('public.protection.passwordLabel')} errors={error ? [error] : undefined}>
              {(field) => (
                <input {...field} type="password" name="password" autoComplete="current-password" required autoFocus />
              )}
            </Field>
            <Button type="submit" size="lg" className="w-full">
              {t('public.protection.enter')}
            </Button>
          </Form>
        </section>
      </div>
    </PublicShell>
  )
}
