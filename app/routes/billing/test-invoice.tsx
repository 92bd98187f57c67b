import { NotFoundView } from '#app/components/not-found'
import { formatPrice } from '#app/features/billing/plan-features'
import { paymentProviderName } from '#app/features/billing/server/payment-provider.server'
import { describeTestInvoice } from '#app/features/billing/server/test-provider.server'
import { AppError, toHttpError } from '#app/lib/errors'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/test-invoice'

/** An invoice of the built-in test provider, as a printable page (Stripe's hosted invoice plays this part). */
export async function loader({ params }: Route.LoaderArgs) {
  const found = paymentProviderName() === 'test' ? await describeTestInvoice(params.invoiceId) : null
  if (!found) throw toHttpError(new AppError('NOT_FOUND', 'billing.testProvider.notFound'))
  return { invoice: found }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.invoice.number ?? 'Invoice'} · Afterglow` },
  { name: 'robots', content: 'noindex' },
]

export default function TestInvoice({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { date } = useDateFormat()
  const { invoice } = loaderData
  return (
    <main className="min-h-dvh bg-surface-muted px-4 py-10">
      <article
        className="mx-auto max-w-xl space-y-6 rounded-xl border border-line bg-surface p-6 sm:p-10"
        data-testid="invoice"
      >
        <header className="flex items-start justify-between gap-4">
          <div>
            <p className="text-lg font-semibold">Afterglow</p>
            <p className="text-sm text-ink-muted">{t('billing.testProvider.testMode')}</p>
          </div>
          <div className="text-right">
            <h1 className="font-semibold">{t('billing.invoice.title')}</h1>
            <p className="text-sm text-ink-muted">{invoice.number}</p>
          </div>
        </header>
        <dl className="grid grid-cols-2 gap-y-2 text-sm">
          <dt className="text-ink-muted">{t('billing.invoice.date')}</dt>
          <dd className="text-right">{date(invoice.issuedAt)}</dd>
          <dt className="text-ink-muted">{t('billing.company')}</dt>
          <dd className="text-right">{invoice.companyName}</dd>
          {invoice.email ? (
            <>
              <dt className="text-ink-muted">{t('billing.billingEmail')}</dt>
              <dd className="text-right break-all">{invoice.email}</dd>
            </>
          ) : null}
          <dt className="text-ink-muted">{t('billing.invoice.status')}</dt>
          <dd className="text-right">{t(`billing.invoice.statuses.${invoice.status}`)}</dd>
        </dl>
        <div className="flex justify-between border-t border-line pt-4 font-semibold">
          <span>
            {invoice.plan
              ? t('billing.invoice.line', { plan: t(`home.pricing.plans.${invoice.plan}.name`) })
              : t('billing.invoice.title')}
          </span>
          <span className="tabular-nums">{formatPrice(invoice.amount / 100, invoice.currency, i18n.language)}</span>
        </div>
      </article>
    </main>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <NotFoundView
      title={t('billing.testProvider.notFound')}
      message={t('billing.testProvider.notFoundText')}
      back={{ to: '/admin/subscription', label: t('billing.testProvider.back') }}
    />
  )
}
