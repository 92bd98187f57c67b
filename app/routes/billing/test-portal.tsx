import { ArrowLeft, CreditCard, FileText } from 'lucide-react'
import { readForm } from '#app/lib/read-form.server'
import { useState } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button'
import { NotFoundView } from '#app/components/not-found'
import { TestCardFields, TestModeNotice } from '#app/features/billing/components/test-card-fields'
import { formatPrice } from '#app/features/billing/plan-features'
import { paymentProviderName } from '#app/features/billing/server/payment-provider.server'
import {
  changeTestSubscription,
  readTestCustomerAccount,
  readTestPortalSession,
  type PortalChange,
} from '#app/features/billing/server/test-provider.server'
import { ZTestCard } from '#app/features/billing/test-card'
import { AppError, toHttpError } from '#app/lib/errors'
import { fieldErrors } from '#app/lib/form-errors'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/test-portal'

/*
 * The built-in test provider's customer portal: change plan, cancel at the end of the period or
 * resume, update the card, see the invoices. Like Stripe's, a portal link works for an hour.
 */

async function sessionOf(sessionId: string) {
  if (paymentProviderName() !== 'test') throw toHttpError(new AppError('NOT_FOUND', 'billing.testProvider.notFound'))
  const session = await readTestPortalSession(sessionId)
  if (!session) throw toHttpError(new AppError('NOT_FOUND', 'billing.testProvider.portalExpired'))
  return session
}

export async function loader({ params }: Route.LoaderArgs) {
  const session = await sessionOf(params.sessionId)
  return { returnUrl: session.returnUrl, ...(await readTestCustomerAccount(session.customerId)) }
}

const ZIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('plan'), plan: z.enum(['professional', 'enterprise']) }),
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('resume') }),
  z.object({ intent: z.literal('card') }).passthrough(),
])

export async function action({ params, request }: Route.ActionArgs) {
  const session = await sessionOf(params.sessionId)
  const form = await readForm(request)
  const intent = ZIntent.safeParse(form)
  const none: Record<string, string[]> = {}
  if (!intent.success) return data({ ok: false, errors: none, message: 'validation.invalidOption' }, { status: 400 })
  let change: PortalChange
  if (intent.data.intent === 'card') {
    const card = ZTestCard.safeParse(form)
    if (!card.success)
      return data({ ok: false, errors: fieldErrors(card.error), message: null as string | null }, { status: 400 })
    change = { kind: 'card', card: card.data }
  } else
    change = intent.data.intent === 'plan' ? { kind: 'plan', plan: intent.data.plan } : { kind: intent.data.intent }
  try {
    await changeTestSubscription(session.customerId, change)
    return { ok: true, errors: none, message: `billing.testProvider.done.${change.kind}` }
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_REQUEST')
      return data({ ok: false, errors: none, message: error.messageKey }, { status: 402 })
    throw toHttpError(error)
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Billing · Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function TestPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { customer, subscription, invoices, returnUrl } = loaderData
  const busy = useNavigation().state !== 'idle'
  const [editingCard, setEditingCard] = useState(false)
  const { date } = useDateFormat()
  const otherPlan = subscription?.plan === 'enterprise' ? 'professional' : 'enterprise'
  return (
    <main className="min-h-dvh bg-surface-muted px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <a
          href={returnUrl}
          className="inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink"
          data-testid="portal-return"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('billing.testProvider.back')}
        </a>
        <h1 className="text-2xl font-semibold">{t('billing.testProvider.portalTitle')}</h1>
        <TestModeNotice />
        {/* React Router shows an action's answer as soon as it arrives, before the page's data is read
            again: waiting for that keeps "Your plan will end…" from sitting beside "Renews on". */}
        {actionData?.message && !busy ? (
          <p
            role={actionData.ok ? 'status' : 'alert'}
            className={
              actionData.ok
                ? 'rounded-lg bg-accent/10 px-3 py-2 text-sm'
                : 'rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger'
            }
            data-testid="portal-message"
          >
            {t(actionData.message)}
          </p>
        ) : null}

        <section aria-labelledby="portal-plan" className="space-y-4 rounded-xl border border-line bg-surface p-5">
          <h2 id="portal-plan" className="font-semibold">
            {t('billing.testProvider.currentSubscription')}
          </h2>
          {subscription ? (
            <>
              <p data-testid="portal-subscription">
                <span className="font-medium">{t(`home.pricing.plans.${subscription.plan}.name`)}</span> ·{' '}
                {formatPrice(subscription.unitAmount / 100, subscription.currency, i18n.language)}{' '}
                {t('home.pricing.perMonth')}
                <br />
                <span className="text-sm text-ink-muted">
                  {subscription.cancelAtPeriodEnd
                    ? t('billing.testProvider.endsOn', { date: date(subscription.currentPeriodEnd) })
                    : t('billing.testProvider.renewsOn', { date: date(subscription.currentPeriodEnd) })}
                </span>
              </p>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="plan" />
                  <input type="hidden" name="plan" value={otherPlan} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {t('billing.testProvider.switchTo', { plan: t(`home.pricing.plans.${otherPlan}.name`) })}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value={subscription.cancelAtPeriodEnd ? 'resume' : 'cancel'} />
                  <Button
                    type="submit"
                    variant={subscription.cancelAtPeriodEnd ? 'primary' : 'danger'}
                    disabled={busy}
                    data-testid={subscription.cancelAtPeriodEnd ? 'portal-resume' : 'portal-cancel'}
                  >
                    {subscription.cancelAtPeriodEnd
                      ? t('billing.testProvider.resume')
                      : t('billing.testProvider.cancelPlan')}
                  </Button>
                </Form>
              </div>
              {subscription.cancelAtPeriodEnd ? null : (
                <p className="text-xs text-ink-muted">{t('billing.testProvider.cancelHint')}</p>
              )}
            </>
          ) : (
            <p className="text-ink-muted">{t('billing.testProvider.noSubscription')}</p>
          )}
        </section>

        <section aria-labelledby="portal-card" className="space-y-4 rounded-xl border border-line bg-surface p-5">
          <h2 id="portal-card" className="font-semibold">
            {t('billing.testProvider.paymentMethod')}
          </h2>
          {customer?.card ? (
            <p className="flex items-center gap-2" data-testid="portal-card-on-file">
              <CreditCard aria-hidden className="size-4 text-ink-muted" />
              {customer.card.brand} •••• {customer.card.last4} · {String(customer.card.expMonth).padStart(2, '0')}/
              {String(customer.card.expYear).slice(-2)}
            </p>
          ) : null}
          {editingCard || actionData?.errors?.number || actionData?.errors?.expiry ? (
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="intent" value="card" />
              <TestCardFields errors={actionData?.errors} />
              <Button type="submit" disabled={busy}>
                {t('billing.testProvider.saveCard')}
              </Button>
            </Form>
          ) : (
            <Button variant="secondary" onClick={() => setEditingCard(true)}>
              {t('billing.testProvider.updateCard')}
            </Button>
          )}
        </section>

        <section aria-labelledby="portal-invoices" className="space-y-3 rounded-xl border border-line bg-surface p-5">
          <h2 id="portal-invoices" className="font-semibold">
            {t('billing.history.title')}
          </h2>
          <ul className="divide-y divide-line text-sm">
            {invoices.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-4 py-2.5">
                <span>{date(item.issuedAt)}</span>
                <span className="tabular-nums">{formatPrice(item.amount / 100, item.currency, i18n.language)}</span>
                <a
                  href={`/billing/test-invoice/${item.id}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-accent hover:underline"
                >
                  <FileText aria-hidden className="size-4" />
                  {item.number}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <NotFoundView
      title={t('billing.testProvider.portalExpired')}
      message={t('billing.testProvider.portalExpiredText')}
      back={{ to: '/admin/subscription', label: t('billing.testProvider.back') }}
    />
  )
}
