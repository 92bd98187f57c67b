import { Lock } from 'lucide-react'
import { readForm } from '#app/lib/read-form.server'
import { data, Form, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button'
import { NotFoundView } from '#app/components/not-found'
import { TestCardFields, TestModeNotice } from '#app/features/billing/components/test-card-fields'
import { formatPrice } from '#app/features/billing/plan-features'
import { paymentProviderName } from '#app/features/billing/server/payment-provider.server'
import { describeTestCheckout, payTestCheckout } from '#app/features/billing/server/test-provider.server'
import { ZTestCard } from '#app/features/billing/test-card'
import { AppError, toHttpError } from '#app/lib/errors'
import { fieldErrors } from '#app/lib/form-errors'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/test-checkout'

/*
 * The built-in test provider's checkout page: what Stripe Checkout shows, inside the app. The
 * session id in the address is the only key to it, as with Stripe's.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (paymentProviderName() !== 'test') throw toHttpError(new AppError('NOT_FOUND', 'billing.testProvider.notFound'))
  const checkout = await describeTestCheckout(params.sessionId)
  if (!checkout) throw toHttpError(new AppError('NOT_FOUND', 'billing.testProvider.notFound'))
  return { checkout }
}

export async function action({ params, request }: Route.ActionArgs) {
  if (paymentProviderName() !== 'test') throw toHttpError(new AppError('NOT_FOUND', 'billing.testProvider.notFound'))
  const card = ZTestCard.safeParse(await readForm(request))
  if (!card.success) return data({ errors: fieldErrors(card.error), declined: null }, { status: 400 })
  try {
    const { successUrl } = await payTestCheckout(params.sessionId, card.data)
    return redirect(successUrl)
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_REQUEST')
      return data({ errors: {}, declined: error.messageKey }, { status: 402 })
    throw toHttpError(error)
  }
}

export const meta: Route.MetaFunction = () => [
  { title: 'Checkout · Afterglow' },
  { name: 'robots', content: 'noindex' },
]

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { checkout } = loaderData
  const paying = useNavigation().state !== 'idle'
  const price = formatPrice(checkout.unitAmount / 100, checkout.currency, i18n.language)
  // Bought during the free trial: nothing is due until the trial ends (as Stripe's checkout shows a trial).
  const { date } = useDateFormat()
  const firstCharge = checkout.firstChargeAt ? date(checkout.firstChargeAt) : null
  return (
    <main className="min-h-dvh bg-surface-muted px-4 py-8 sm:py-16">
      <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2 md:gap-12">
        <section aria-labelledby="order" className="space-y-4">
          <p className="text-sm font-semibold">Afterglow</p>
          <h1 id="order" className="text-ink-muted">
            {t('billing.testProvider.subscribeTo', { plan: t(`home.pricing.plans.${checkout.plan}.name`) })}
          </h1>
          <p className="flex items-baseline gap-1.5">
            <span className="text-4xl font-semibold tabular-nums" data-testid="checkout-price">
              {price}
            </span>
            <span className="text-sm text-ink-muted">{t('home.pricing.perMonth')}</span>
          </p>
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-4 border-b border-line py-2">
              <dt className="text-ink-muted">{t('billing.company')}</dt>
              <dd className="font-medium">{checkout.companyName}</dd>
            </div>
            <div className="flex justify-between gap-4 border-b border-line py-2">
              <dt className="text-ink-muted">{t('billing.billingEmail')}</dt>
              <dd className="font-medium break-all">{checkout.customerEmail}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="font-medium">{t('billing.testProvider.dueToday')}</dt>
              <dd className="font-semibold tabular-nums" data-testid="checkout-due-today">
                {firstCharge ? formatPrice(0, checkout.currency, i18n.language) : price}
              </dd>
            </div>
          </dl>
          {firstCharge ? (
            <p className="text-sm text-ink-muted" data-testid="checkout-first-charge">
              {t('billing.testProvider.thenFrom', { price, date: firstCharge })}
            </p>
          ) : null}
        </section>

        <section
          aria-label={t('billing.testProvider.payWithCard')}
          className="space-y-5 rounded-xl border border-line bg-surface p-5 sm:p-6"
        >
          <TestModeNotice />
          {checkout.status === 'complete' ? (
            <div className="space-y-4">
              <p>{t('billing.testProvider.alreadyPaid')}</p>
              <a href={checkout.successUrl} className="font-medium text-accent hover:underline">
                {t('billing.testProvider.back')}
              </a>
            </div>
          ) : (
            <Form method="post" noValidate className="space-y-5" aria-busy={paying}>
              <h2 className="font-semibold">{t('billing.testProvider.payWithCard')}</h2>
              <TestCardFields errors={actionData?.errors} />
              {actionData?.declined ? (
                <p
                  role="alert"
                  className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger"
                  data-testid="card-declined"
                >
                  {t(actionData.declined)}
                </p>
              ) : null}
              <Button type="submit" size="lg" className="w-full" disabled={paying} data-testid="pay">
                <Lock aria-hidden className="size-4" />
                {paying
                  ? t('billing.testProvider.paying')
                  : firstCharge
                    ? t('billing.testProvider.subscribe')
                    : t('billing.testProvider.pay', { price })}
              </Button>
              <a href={checkout.cancelUrl} className="block text-center text-sm text-ink-muted hover:text-ink">
                {t('billing.testProvider.cancel')}
              </a>
            </Form>
          )}
        </section>
      </div>
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
