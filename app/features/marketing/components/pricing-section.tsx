import { Check } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { formatPrice, planFeatures } from '#app/features/billing/plan-features'
import {
  CURRENCIES,
  MONTHLY_PRICES,
  PLAN_IDS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  type Currency,
} from '#app/features/billing/plans'
import { cn } from '#app/lib/cn'

export function PricingSection({ initialCurrency }: { initialCurrency: Currency }) {
  const { t, i18n } = useTranslation()
  const [currency, setCurrency] = useState<Currency>(initialCurrency)
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className="scroll-mt-16 border-t border-white/5 bg-[#0d0d10] py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-widest text-accent uppercase">{t('home.pricing.eyebrow')}</p>
            <h2 id="pricing-heading" className="mt-3 text-3xl font-semibold tracking-tight sm:text-5xl">
              {t('home.pricing.title')}
            </h2>
            <p className="mt-4 text-lg text-ink-muted">{t('home.pricing.text', { days: TRIAL_DAYS })}</p>
          </div>
          <div
            role="group"
            aria-label={t('home.pricing.currency')}
            className="inline-flex self-start rounded-full border border-line bg-surface p-1 text-sm sm:self-auto"
            data-testid="currency-switcher"
          >
            {CURRENCIES.map((code) => (
              <a
                key={code}
                href={`?currency=${code}#pricing`}
                role="button"
                aria-pressed={currency === code}
                onClick={(event) => {
                  event.preventDefault()
                  setCurrency(code)
                }}
                className={cn(
                  'rounded-full px-4 py-1.5 font-medium tabular-nums transition-colors',
                  currency === code ? 'bg-ink text-surface' : 'text-ink-muted hover:text-ink',
                )}
              >
                {code}
              </a>
            ))}
          </div>
        </div>

        <ul className="mt-12 grid gap-5 lg:grid-cols-3">
          {PLAN_IDS.map((plan) => {
            const featured = plan === 'professional'
            const price = MONTHLY_PRICES[plan][currency]
            const { lead, items } = planFeatures(plan, i18n.language)
            return (
              <li
                key={plan}
                data-testid={`plan-${plan}`}
                className={cn(
                  'relative flex flex-col rounded-2xl border p-6 sm:p-8',
                  featured
                    ? 'border-accent/60 bg-gradient-to-b from-accent/15 to-surface-muted shadow-[0_0_60px_-20px] shadow-accent/50'
                    : 'border-line bg-surface-muted',
                )}
              >
                {featured ? (
                  <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
                    {t('home.pricing.popular')}
                  </p>
                ) : null}
                <h3 className="text-lg font-semibold">{t(`home.pricing.plans.${plan}.name`)}</h3>
                <p className="mt-1 min-h-10 text-sm text-ink-muted">{t(`home.pricing.plans.${plan}.description`)}</p>
                <p className="mt-6 flex items-baseline gap-1.5">
                  <span
                    className="text-4xl font-semibold tracking-tight tabular-nums sm:text-5xl"
                    data-testid="plan-price"
                  >
                    {price === 0 ? t('home.pricing.free') : formatPrice(price, currency, i18n.language)}
                  </span>
                  {price === 0 ? null : <span className="text-sm text-ink-muted">{t('home.pricing.perMonth')}</span>}
                </p>
                {/* The trial is of Professional only (PRODUCT.md): Starter is free for good, Enterprise is bought. */}
                {plan === 'enterprise' ? null : (
                  <p
                    className="mt-2 inline-flex self-start rounded-full border border-accent/40 px-2.5 py-0.5 text-xs font-medium text-accent"
                    data-testid="plan-badge"
                  >
                    {plan === TRIAL_PLAN
                      ? t('home.pricing.trial', { days: TRIAL_DAYS })
                      : t('home.pricing.freeForever')}
                  </p>
                )}
                <Link
                  to={`/auth?mode=signup&plan=${plan}`}
                  className={buttonClasses(
                    featured ? 'primary' : 'secondary',
                    'lg',
                    cn(
                      'mt-6 w-full rounded-full',
                      featured ? '' : 'border-line bg-transparent text-ink hover:bg-surface',
                    ),
                  )}
                >
                  {t(`home.pricing.plans.${plan}.cta`)}
                </Link>
                {lead ? <p className="mt-6 text-sm font-medium">{t(lead)}</p> : null}
                <ul className={cn('space-y-3 text-sm', lead ? 'mt-3' : 'mt-6')}>
                  {items.map((feature) => (
                    <li key={feature.key} className="flex gap-3">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                      <span>{t(feature.key, feature.values)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            )
          })}
        </ul>
        <p className="mt-8 text-center text-sm text-ink-muted">{t('home.pricing.billing')}</p>
      </div>
    </section>
  )
}
