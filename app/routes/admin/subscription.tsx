import { Check, ExternalLink, FileText, Lock, Receipt, Sparkles } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { Button } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { formatPrice, planFeatures } from '#app/features/billing/plan-features'
import { openBillingPage } from '#app/features/billing/open-billing-page'
import {
  CURRENCIES,
  currencyForLanguage,
  isCurrency,
  PLAN_IDS,
  TRIAL_DAYS,
  type Currency,
  type PlanId,
} from '#app/features/billing/plans'
import { getBillingOverview, type BillingOverview } from '#app/features/billing/server/get-billing-overview.server'
import { cn } from '#app/lib/cn'
import { formatBytes } from '#app/lib/format-bytes'
import { withActor } from '#app/access/member-route.server'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { toast } from '#app/lib/toast'
import type { Route } from './+types/subscription'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => getBillingOverview(member))

export const meta: Route.MetaFunction = () => [{ title: 'Subscription · Afterglow' }]

/** The admin's tabs on this page tell each other when one has read the subscription afresh. */
const BILLING_CHANNEL = 'afterglow-subscription'

/** Posts one of the spec's subscription calls; its JSON error carries the message in the user's language. */
async function callBilling<T>(operation: string, body: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`/api/billing/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await response.json().catch(() => null)
  if (!response.ok) throw new Error(answer?.error?.message ?? '')
  return answer as T
}

export default function Subscription({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { date } = useDateFormat()
  const dateOf = (iso: string | null) => (iso ? date(iso) : '')
  const overview = loaderData
  const revalidator = useRevalidator()
  const [starting, setStarting] = useState(false)
  const [chosenCurrency, setChosenCurrency] = useState<Currency>(() => currencyForLanguage(i18n.language))
  // A subscription is paid in its own currency; before one, the admin picks.
  const currency =
    overview.subscription && isCurrency(overview.subscription.currency)
      ? overview.subscription.currency
      : chosenCurrency
  const [searchParams, setSearchParams] = useSearchParams()
  // Checkout and the billing portal open in a tab of their own, and come back to this page there:
  // that page tells the admin's other tabs of it, which read the subscription again, as does a tab
  // looked at again (a change made in the provider's portal does not come back by itself).
  const revalidateRef = useRef(revalidator.revalidate)
  revalidateRef.current = revalidator.revalidate
  useEffect(() => {
    const refresh = () => void revalidateRef.current()
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(BILLING_CHANNEL)
    channel?.addEventListener('message', refresh)
    channel?.postMessage('subscription-read')
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      channel?.close()
    }
  }, [])
  // Back from the provider's checkout: say how it went, once.
  useEffect(() => {
    const outcome = searchParams.get('checkout')
    if (outcome !== 'success' && outcome !== 'cancelled') return
    if (outcome === 'success')
      toast.success(t('billing.checkout.success'), { description: t('billing.checkout.successText') })
    else toast.info(t('billing.checkout.cancelled'))
    setSearchParams(
      (params) => {
        params.delete('checkout')
        return params
      },
      { replace: true },
    )
  }, [searchParams, setSearchParams, t])

  const startTrial = async () => {
    setStarting(true)
    try {
      const answer = await callBilling<{ trialStarted: boolean; reason?: string }>('start-trial')
      if (answer.trialStarted)
        toast.success(t('billing.trial.started'), {
          description: t('billing.trial.startedText', { count: TRIAL_DAYS }),
        })
      else toast.error(t('billing.errors.title'), { description: t(answer.reason ?? 'billing.errors.trial') })
      revalidator.revalidate()
    } catch (error) {
      toast.error(t('billing.errors.title'), {
        description: (error as Error).message || t(navigator.onLine ? 'billing.errors.trial' : 'errors.network'),
      })
    } finally {
      setStarting(false)
    }
  }

  return (
    <div className={`${pageWidth('wide')} space-y-8`}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('billing.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('billing.subtitle')}</p>
      </div>
      {overview.canManage ? null : (
        <p
          role="status"
          className="flex items-center gap-2 rounded-[var(--radius-ui)] border border-line bg-surface-muted px-3 py-2 text-sm text-ink-muted"
          data-testid="billing-read-only"
        >
          <Lock aria-hidden className="size-4 shrink-0" />
          {t('billing.errors.adminOnly')}
        </p>
      )}

      <section
        aria-labelledby="current-plan"
        className="rounded-xl border border-line bg-surface p-5 sm:p-6"
        data-testid="current-plan"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm text-ink-muted">{t('billing.currentPlan')}</p>
            <h2 id="current-plan" className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-semibold">
              {t(`home.pricing.plans.${overview.plan}.name`)}
              <StatusPill overview={overview} />
            </h2>
            <p className="mt-2 text-sm text-ink-muted" data-testid="plan-detail">
              {planDetail(overview, currency, t, i18n.language, dateOf)}
            </p>
            <dl className="mt-4 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-ink-muted">{t('billing.company')}</dt>
                <dd className="font-medium">{overview.companyName}</dd>
              </div>
              {overview.subscription?.billingEmail ? (
                <div>
                  <dt className="text-ink-muted">{t('billing.billingEmail')}</dt>
                  <dd className="font-medium break-all">{overview.subscription.billingEmail}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          {overview.canManage && overview.hasPortal ? (
            <Button
              variant="secondary"
              onClick={() => void openBillingPage('customer-portal', {}, t)}
              className="shrink-0"
              data-testid="open-portal"
            >
              {t('billing.portal.open')}
              <ExternalLink aria-hidden className="size-4" />
            </Button>
          ) : null}
          {overview.canManage && overview.trial.available ? (
            <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
              <Button onClick={startTrial} disabled={starting} data-testid="start-trial">
                <Sparkles aria-hidden className="size-4" />
                {starting ? t('billing.trial.starting') : t('billing.trial.start', { count: TRIAL_DAYS })}
              </Button>
              <p className="text-xs text-ink-muted sm:text-right">{t('billing.trial.noCard')}</p>
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="usage-heading" className="space-y-3">
        <h2 id="usage-heading" className="text-lg font-semibold">
          {t('billing.usage.title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          <UsageMeter
            label={t('billing.usage.storage')}
            used={overview.usage.storage.used}
            limit={overview.usage.storage.limit}
            format={(value) => formatBytes(value, i18n.language)}
            testId="usage-storage"
          />
          <UsageMeter
            label={t('billing.usage.photosPerEvent')}
            used={overview.usage.photosPerEvent.used}
            limit={overview.usage.photosPerEvent.limit}
            format={String}
            hint={t('billing.usage.photosPerEventHint')}
            testId="usage-photos"
          />
          <UsageMeter
            label={t('billing.usage.brands')}
            used={overview.usage.brands.used}
            limit={overview.usage.brands.limit}
            format={String}
            testId="usage-brands"
            nearFullWarns={false}
          />
        </ul>
      </section>

      <section aria-labelledby="plans-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-heading" className="text-lg font-semibold">
            {t('billing.plans.title')}
          </h2>
          {overview.subscription ? null : (
            <div
              role="group"
              aria-label={t('home.pricing.currency')}
              className="inline-flex rounded-lg bg-surface p-0.5 text-sm"
              data-testid="billing-currency"
            >
              {CURRENCIES.map((code) => (
                <button
                  key={code}
                  type="button"
                  aria-pressed={currency === code}
                  onClick={() => setChosenCurrency(code)}
                  className={cn(
                    'rounded-md px-3 py-1.5 font-medium tabular-nums',
                    currency === code ? 'bg-ink text-surface' : 'text-ink-muted hover:text-ink',
                  )}
                >
                  {code}
                </button>
              ))}
            </div>
          )}
        </div>
        {overview.canManage && !overview.subscribed && overview.trial.firstChargeAt ? (
          <p className="flex items-start gap-2 text-sm text-ink-muted" data-testid="trial-kept">
            <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {t('billing.plans.trialKept', { date: dateOf(overview.trial.firstChargeAt) })}
          </p>
        ) : null}
        <ul className="grid gap-4 lg:grid-cols-3">
          {PLAN_IDS.map((plan) => (
            <PlanCard
              key={plan}
              plan={plan}
              current={plan === overview.plan}
              price={overview.prices[plan][currency]}
              currency={currency}
              onChoose={
                !overview.canManage ||
                plan === 'starter' ||
                overview.source === 'account' ||
                (overview.subscribed && plan === overview.plan)
                  ? undefined
                  : () =>
                      void (overview.subscribed
                        ? openBillingPage('customer-portal', {}, t)
                        : openBillingPage('create-checkout', { plan, currency }, t))
              }
              chooseLabel={
                overview.subscribed
                  ? t('billing.plans.change')
                  : t('billing.plans.subscribe', { plan: t(`home.pricing.plans.${plan}.name`) })
              }
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t('billing.history.title')}
        </h2>
        {overview.invoices.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line px-6 py-10 text-center text-sm text-ink-muted"
            data-testid="billing-history-empty"
          >
            <Receipt aria-hidden className="size-6" />
            <p>{t('billing.history.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface" data-testid="billing-history">
            {overview.invoices.map((item) => (
              <li
                key={item.id}
                className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr_auto_auto]"
                data-testid="invoice-row"
              >
                <span className="font-medium">{date(item.issuedAt)}</span>
                <span className="text-ink-muted sm:order-none">{item.number}</span>
                <span className="tabular-nums">
                  {formatPrice(item.amount / 100, isCurrency(item.currency) ? item.currency : currency, i18n.language)}{' '}
                  · {t(`billing.invoice.statuses.${item.status}`)}
                </span>
                {item.hostedUrl || item.pdfUrl ? (
                  <a
                    href={(item.pdfUrl ?? item.hostedUrl)!}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 justify-self-end font-medium text-accent hover:underline"
                  >
                    <FileText aria-hidden className="size-4" />
                    {t('billing.history.view')}
                  </a>
                ) : (
                  <span />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function StatusPill({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation()
  const key =
    overview.source === 'trial'
      ? 'trial'
      : overview.source === 'account'
        ? 'account'
        : overview.source === 'grace'
          ? 'pastDue'
          : overview.subscription?.cancelAtPeriodEnd
            ? 'cancelling'
            : overview.source === 'subscription'
              ? 'active'
              : 'free'
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-medium',
        key === 'pastDue' || key === 'cancelling'
          ? 'bg-amber-500/15 text-amber-800'
          : key === 'free'
            ? 'bg-surface-muted text-ink-muted'
            : 'bg-accent/10 text-accent',
      )}
    >
      {t(`billing.status.${key}`)}
    </span>
  )
}

function planDetail(
  overview: BillingOverview,
  currency: Currency,
  t: (key: string, values?: Record<string, unknown>) => string,
  language: string,
  dateOf: (iso: string | null) => string,
) {
  if (overview.source === 'trial')
    return t('billing.detail.trial', { count: overview.trial.daysLeft, date: dateOf(overview.trial.endsAt) })
  if (overview.source === 'grace') return t('billing.detail.pastDue', { date: dateOf(overview.validUntil) })
  if (overview.source === 'account') return t('billing.detail.account')
  const subscription = overview.subscription
  if (subscription && overview.source === 'subscription') {
    const price = formatPrice(subscription.unitAmount / 100, currency, language)
    const date = dateOf(subscription.currentPeriodEnd)
    if (subscription.cancelAtPeriodEnd) return t('billing.detail.cancelling', { price, date })
    // Bought during the free trial: the first payment is at the trial's end.
    return subscription.status === 'trialing'
      ? t('billing.detail.firstPayment', { price, date })
      : t('billing.detail.renews', { price, date })
  }
  return overview.trial.available ? t('billing.detail.freeWithTrial', { count: TRIAL_DAYS }) : t('billing.detail.free')
}

/** A limit's use; `nearFullWarns`: nearly full is worth a warning (storage, photos), not so for a count like brands. */
function UsageMeter({
  label,
  used,
  limit,
  format,
  hint,
  testId,
  nearFullWarns = true,
}: {
  label: string
  used: number
  limit: number | null
  format: (value: number) => string
  hint?: string
  testId: string
  nearFullWarns?: boolean
}) {
  const { t } = useTranslation()
  const share = limit ? Math.min(1, used / limit) : 0
  return (
    <li className="rounded-xl border border-line bg-surface p-4" data-testid={testId}>
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="mt-1 font-semibold tabular-nums">
        {limit === null
          ? t('billing.usage.unlimited', { used: format(used) })
          : t('billing.usage.of', { used: format(used), limit: format(limit) })}
      </p>
      {limit === null ? null : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          className="mt-3 h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={cn(
              'h-full rounded-full',
              used > (limit ?? Infinity) || (nearFullWarns && share >= 0.9) ? 'bg-danger' : 'bg-accent',
            )}
            style={{ width: `${Math.max(share * 100, used > 0 ? 2 : 0)}%` }}
          />
        </div>
      )}
      {hint ? <p className="mt-2 text-xs text-ink-muted">{hint}</p> : null}
    </li>
  )
}

function PlanCard({
  plan,
  current,
  price,
  currency,
  onChoose,
  chooseLabel,
}: {
  plan: PlanId
  current: boolean
  price: number
  currency: Currency
  onChoose?: () => void
  chooseLabel: string
}) {
  const { t, i18n } = useTranslation()
  const { lead, items } = planFeatures(plan, i18n.language)
  return (
    <li
      className={cn(
        'flex flex-col rounded-xl border p-5',
        current ? 'border-accent bg-accent/5' : 'border-line bg-surface',
      )}
      data-testid={`compare-${plan}`}
      aria-current={current ? 'true' : undefined}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t(`home.pricing.plans.${plan}.name`)}</h3>
        {current ? (
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground">
            {t('billing.plans.current')}
          </span>
        ) : null}
      </div>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-2xl font-semibold tabular-nums">
          {price === 0 ? t('home.pricing.free') : formatPrice(price, currency, i18n.language)}
        </span>
        {price === 0 ? null : <span className="text-sm text-ink-muted">{t('home.pricing.perMonth')}</span>}
      </p>
      {lead ? <p className="mt-4 text-sm font-medium">{t(lead)}</p> : null}
      <ul className={cn('flex-1 space-y-2 text-sm', lead ? 'mt-2' : 'mt-4')}>
        {items.map((feature) => (
          <li key={feature.key} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>{t(feature.key, feature.values)}</span>
          </li>
        ))}
      </ul>
      {onChoose ? (
        <Button
          variant={current ? 'secondary' : 'primary'}
          onClick={onChoose}
          className="mt-5 w-full"
          data-testid={`choose-${plan}`}
        >
          {chooseLabel}
        </Button>
      ) : null}
    </li>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
