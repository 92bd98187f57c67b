import { Sparkles, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { storageFor } from '#app/features/consent/consent-storage'
import { useTranslation } from '#app/lib/react-i18n'
import { daysLeft } from '../effective-plan'
import { openBillingPage } from '../open-billing-page'
import { currencyForLanguage } from '../plans'
import type { SubscriptionStatusAnswer } from '../server/get-subscription-status.server'
import { pageWidth } from '#app/components/page-width'

const DISMISSED_KEY = 'afterglow.trial-banner.dismissed'

/**
 * The spec's trial banner at the top of the admin: the days of the free trial left (rounded up,
 * never below 0) and Subscribe now (checkout of Professional in a new tab; the plan page for those
 * who do not manage billing); hidden outside a trial or once dismissed (for that trial).
 */
export function TrialBanner({ status, canManage }: { status: SubscriptionStatusAnswer; canManage: boolean }) {
  const { t, i18n } = useTranslation()
  const [dismissed, setDismissed] = useState(true)
  // Read after hydration: the server cannot know what this browser dismissed.
  useEffect(
    () => setDismissed(storageFor('functional').getItem(DISMISSED_KEY) === status.trial_end),
    [status.trial_end],
  )
  if (!status.trial_active || !status.trial_end || dismissed) return null
  const days = daysLeft(status.trial_end)
  return (
    <div
      role="status"
      className={`${pageWidth('wide')} mb-6 flex items-start gap-3 rounded-xl border border-accent/30 bg-accent/10 px-4 py-3 text-sm sm:items-center`}
      data-testid="trial-banner"
    >
      <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent sm:mt-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <p className="min-w-0 flex-1">
          <span className="font-medium">{t('billing.banner.title', { count: days })}</span>{' '}
          <span className="text-ink-muted">{t('billing.banner.text')}</span>
        </p>
        {canManage ? (
          <button
            type="button"
            onClick={() =>
              void openBillingPage(
                'create-checkout',
                { plan: 'professional', currency: currencyForLanguage(i18n.language) },
                t,
              )
            }
            className="self-start rounded-lg bg-accent px-3 py-1.5 font-medium text-accent-foreground hover:brightness-110 sm:self-auto"
            data-testid="trial-subscribe"
          >
            {t('billing.banner.subscribe')}
          </button>
        ) : (
          <Link
            to="/admin/subscription"
            className="self-start rounded-lg bg-accent px-3 py-1.5 font-medium text-accent-foreground hover:brightness-110 sm:self-auto"
          >
            {t('billing.banner.seePlan')}
          </Link>
        )}
      </div>
      <button
        type="button"
        onClick={() => {
          storageFor('functional').setItem(DISMISSED_KEY, status.trial_end!)
          setDismissed(true)
        }}
        className="-mt-1 -mr-1 grid size-8 shrink-0 sm:mt-0 place-items-center rounded-md text-ink-muted hover:bg-surface hover:text-ink"
        aria-label={t('billing.banner.dismiss')}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  )
}
