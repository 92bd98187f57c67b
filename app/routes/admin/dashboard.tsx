import { Link } from 'react-router'
import { Download, FileCheck2, HardDrive, Images, UserPlus } from 'lucide-react'
import { formatBytes, ProgressBar } from '#app/features/media/components/upload-panel'
import { useTranslation } from '#app/lib/react-i18n'
import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { lastDays } from '#app/features/analytics/analytics-range'
import { ChangeBadge } from '#app/features/analytics/components/change-badge'
import { readHeadlineComparison } from '#app/features/analytics/server/read-analytics-overview.server'
import { getDashboardTotals } from '#app/features/dashboard/server/get-dashboard-totals.server'
import { withMember } from '#app/lib/member-route.server'
import type { Route } from './+types/dashboard'

export const loader = withMember('dashboard.read', async (member) => {
  const [totals, engagement] = await Promise.all([getDashboardTotals(member), readHeadlineComparison(member, lastDays(30))])
  return { totals, engagement, companyName: member.company.name }
})

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const format = new Intl.NumberFormat(i18n.language)
  const cards = [
    { key: 'content', icon: Images, value: loaderData.totals.content },
    { key: 'published', icon: FileCheck2, value: loaderData.totals.published },
    { key: 'downloads', icon: Download, value: loaderData.totals.downloads },
    { key: 'leads', icon: UserPlus, value: loaderData.totals.leads },
  ] as const
  // What fans did over the last 30 days (every plan), beside the spec's all-time totals.
  const engagement = ['views', 'likes', 'shares', 'comments', 'watchedMinutes'] as const
  const { now, before } = loaderData.engagement
  const isEmpty = loaderData.totals.content === 0
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
      <p className="mt-1 text-sm text-ink-muted">{t('dashboard.subtitle', { company: loaderData.companyName })}</p>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {cards.map(({ key, icon: Icon, value }) => (
          <div key={key} className="rounded-xl border border-line bg-surface p-4 lg:p-5" data-testid={`total-${key}`}>
            <dt className="flex items-center gap-2 text-sm text-ink-muted">
              <Icon aria-hidden className="size-4" />
              {t(`dashboard.totals.${key}`)}
            </dt>
            <dd className="mt-2 text-3xl font-semibold tabular-nums lg:text-4xl">{format.format(value)}</dd>
          </div>
        ))}
      </dl>
      <section className="mt-4" aria-labelledby="engagement-heading" data-testid="dashboard-engagement">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="engagement-heading" className="text-sm font-medium text-ink-muted">
            {t('dashboard.engagement.title')}
          </h2>
          <Link to="/admin/analytics" className="text-sm font-medium text-accent hover:underline">
            {t('dashboard.engagement.more')}
          </Link>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 lg:gap-4">
          {engagement.map((key) => (
            <div key={key} className="rounded-xl border border-line bg-surface p-4" data-testid={`engagement-${key}`}>
              <dt className="text-sm text-ink-muted">{t(`analytics.admin.figures.${key}`)}</dt>
              <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
                <span className="text-2xl font-semibold tabular-nums" data-testid="figure-value">
                  {new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(now[key])}
                </span>
                <ChangeBadge now={now[key]} before={before[key]} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="mt-4 rounded-xl border border-line bg-surface p-4 lg:p-5" aria-labelledby="storage-heading" data-testid="storage-usage">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="storage-heading" className="flex items-center gap-2 text-sm text-ink-muted">
            <HardDrive aria-hidden className="size-4" />
            {t('dashboard.storage.title', { plan: t(`dashboard.plans.${loaderData.totals.plan}`) })}
          </h2>
          <p className="text-sm tabular-nums">
            {t('dashboard.storage.used', { used: formatBytes(loaderData.totals.storageUsedBytes, i18n.language), limit: formatBytes(loaderData.totals.storageLimitBytes, i18n.language) })}
          </p>
        </div>
        <div className="mt-3">
          <ProgressBar value={loaderData.totals.storageUsedBytes / loaderData.totals.storageLimitBytes} label={t('dashboard.storage.title', { plan: t(`dashboard.plans.${loaderData.totals.plan}`) })} />
        </div>
      </section>
      {isEmpty ? (
        <section className="mt-8 rounded-xl border border-dashed border-line bg-surface p-8 text-center">
          <h2 className="font-semibold">{t('dashboard.empty.title')}</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">{t('dashboard.empty.text')}</p>
        </section>
      ) : null}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
