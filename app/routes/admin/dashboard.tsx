import { Link } from 'react-router'
import {
  CalendarPlus,
  Check,
  CircleDashed,
  Download,
  ExternalLink,
  FileCheck2,
  HardDrive,
  ImagePlus,
  Images,
  Sparkles,
  Upload,
  UserPlus,
} from 'lucide-react'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import {
  getDashboardGuide,
  type ActivityEntry,
  type GuideStep,
} from '#app/features/companies/server/get-dashboard-guide.server'
import { ProgressBar } from '#app/features/media/components/upload-panel'
import { formatBytes } from '#app/lib/format-bytes'
import { editorLinkState } from '#app/features/galleries/components/editor-content-kind'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { lastDays } from '#app/features/analytics/analytics-range'
import { ChangeBadge } from '#app/features/analytics/components/change-badge'
import { readHeadlineComparison } from '#app/features/analytics/server/read-analytics-overview.server'
import { getDashboardTotals } from '#app/features/companies/server/get-dashboard-totals.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/dashboard'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => {
  const [totals, engagement, guide] = await Promise.all([
    getDashboardTotals(member),
    readHeadlineComparison(member, lastDays(30)),
    getDashboardGuide(member),
  ])
  return { totals, engagement, guide, companyName: member.company.name }
})

type Guide = Route.ComponentProps['loaderData']['guide']

/** Where each first step is taken; null when this member's role cannot take it. */
function stepAction(step: GuideStep, guide: Guide): string | null {
  const gallery = guide.latestGalleryId ? `/admin/content/${guide.latestGalleryId}` : '/admin/content/new'
  switch (step) {
    case 'branding':
      return guide.can.brand ? '/admin/settings/company-data' : null
    case 'gallery':
      return '/admin/content/new'
    case 'upload':
      return gallery
    case 'publish':
      return guide.can.publish ? gallery : null
    case 'share':
      return null
    case 'lead':
      return guide.can.publish ? gallery : null
  }
}

function Checklist({ guide, companyName }: { guide: Guide; companyName: string }) {
  const { t } = useTranslation()
  const doneCount = guide.steps.filter((step) => step.done).length
  const next = guide.steps.find((step) => !step.done)?.step
  return (
    <section
      aria-labelledby="guide-heading"
      className="mt-6 rounded-xl border border-line bg-surface p-4 lg:p-6"
      data-testid="dashboard-guide"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="guide-heading" className="flex items-center gap-2 font-semibold">
          <Sparkles aria-hidden className="size-4 text-accent" />
          {t('dashboard.guide.title')}
        </h2>
        <p className="text-sm text-ink-muted tabular-nums" data-testid="guide-progress">
          {t('dashboard.guide.progress', { done: doneCount, total: guide.steps.length })}
        </p>
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-surface-muted" aria-hidden>
        <div
          className="h-full rounded-full bg-accent"
          style={{ width: `${(doneCount / guide.steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 divide-y divide-line">
        {guide.steps.map(({ step, done }) => {
          const href = stepAction(step, guide)
          const isNext = step === next
          return (
            <li
              key={step}
              className="flex items-start gap-3 py-3"
              data-testid={`guide-step-${step}`}
              data-done={done ? 'true' : 'false'}
            >
              {done ? (
                <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <Check aria-hidden className="size-3.5" />
                </span>
              ) : (
                <CircleDashed
                  aria-hidden
                  className={`mt-0.5 size-5 shrink-0 ${isNext ? 'text-accent' : 'text-ink-muted'}`}
                />
              )}
              <div className="min-w-0 flex-1">
                <p className={done ? 'text-ink-muted line-through decoration-line' : 'font-medium'}>
                  {t(`dashboard.guide.steps.${step}.title`)}
                  <span className="sr-only"> · {t(done ? 'dashboard.guide.done' : 'dashboard.guide.todo')}</span>
                </p>
                {done ? null : (
                  <p className="mt-0.5 text-sm text-ink-muted">{t(`dashboard.guide.steps.${step}.text`)}</p>
                )}
              </div>
              {done ? null : step === 'share' ? (
                <ShareMenu
                  url={guide.publicUrl}
                  title={companyName}
                  label={t('dashboard.guide.steps.share.action')}
                  className="shrink-0"
                />
              ) : href ? (
                <Link
                  to={href}
                  className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ${isNext ? 'bg-accent text-accent-foreground hover:opacity-90' : 'border border-line hover:bg-surface-muted'}`}
                >
                  {t(`dashboard.guide.steps.${step}.action`)}
                </Link>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

function ActivityLine({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation()
  const content = entry.content ? (
    <Link to={`/admin/content/${entry.content.id}`} className="font-medium text-ink hover:underline">
      {entry.content.title}
    </Link>
  ) : (
    <span>{t('dashboard.activity.deletedContent')}</span>
  )
  switch (entry.kind) {
    case 'processed':
      return (
        <>
          <ImagePlus aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t('dashboard.activity.processed', { count: entry.count })} · {content}
          </span>
        </>
      )
    case 'lead':
      return (
        <>
          <UserPlus aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {entry.name ? t('dashboard.activity.leadNamed', { name: entry.name }) : t('dashboard.activity.lead')} ·{' '}
            {content}
          </span>
        </>
      )
    case 'download':
      return (
        <>
          <Download aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t(entry.zip ? 'dashboard.activity.downloadZip' : 'dashboard.activity.downloadFile')} · {content}
          </span>
        </>
      )
  }
}

function RecentActivity({ activity }: { activity: ActivityEntry[] }) {
  const { t } = useTranslation()
  const { timeAgo: ago } = useDateFormat()
  return (
    <section
      aria-labelledby="activity-heading"
      className="rounded-xl border border-line bg-surface p-4 lg:p-5"
      data-testid="dashboard-activity"
    >
      <h2 id="activity-heading" className="font-semibold">
        {t('dashboard.activity.title')}
      </h2>
      {activity.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{t('dashboard.activity.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-3 text-sm">
          {activity.map((entry, index) => (
            <li
              key={`${entry.kind}-${index}`}
              className="flex items-start gap-3"
              data-testid={`activity-${entry.kind}`}
            >
              <ActivityLine entry={entry} />
              <time
                dateTime={new Date(entry.at).toISOString()}
                suppressHydrationWarning
                className="ml-auto shrink-0 pl-2 text-xs text-ink-muted"
              >
                {ago(entry.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function QuickActions({ guide, companyName }: { guide: Guide; companyName: string }) {
  const { t } = useTranslation()
  const action =
    'inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2.5 text-sm font-medium hover:bg-surface-muted'
  return (
    <section
      aria-labelledby="actions-heading"
      className="rounded-xl border border-line bg-surface p-4 lg:p-5"
      data-testid="dashboard-actions"
    >
      <h2 id="actions-heading" className="font-semibold">
        {t('dashboard.actions.title')}
      </h2>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Link to="/admin/content/new" className={action}>
          <ImagePlus aria-hidden className="size-4 text-accent" />
          {t('dashboard.actions.newGallery')}
        </Link>
        {guide.latestGalleryId ? (
          <Link to={`/admin/content/${guide.latestGalleryId}`} state={editorLinkState('gallery')} className={action}>
            <Upload aria-hidden className="size-4 text-accent" />
            {t('dashboard.actions.upload')}
          </Link>
        ) : null}
        {guide.can.events ? (
          <Link to="/admin/events/new" className={action}>
            <CalendarPlus aria-hidden className="size-4 text-accent" />
            {t('dashboard.actions.newEvent')}
          </Link>
        ) : null}
        <a
          href={guide.publicUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={action}
          data-testid="dashboard-public-page"
        >
          <ExternalLink aria-hidden className="size-4 text-accent" />
          {t('dashboard.actions.publicPage')}
        </a>
      </div>
      <div className="mt-3">
        <ShareMenu url={guide.publicUrl} title={companyName} label={t('dashboard.actions.share')} />
      </div>
    </section>
  )
}

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
  const { guide } = loaderData
  return (
    <div className={pageWidth('wide')}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{t('dashboard.subtitle', { company: loaderData.companyName })}</p>
        </div>
        <a
          href={guide.publicUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-accent hover:underline"
          data-testid="dashboard-public-link"
        >
          <ExternalLink aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{guide.publicUrl.replace(/^https?:\/\//, '')}</span>
        </a>
      </div>
      {guide.steps.every((step) => step.done) ? null : <Checklist guide={guide} companyName={loaderData.companyName} />}
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
      <section
        className="mt-4 rounded-xl border border-line bg-surface p-4 lg:p-5"
        aria-labelledby="storage-heading"
        data-testid="storage-usage"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="storage-heading" className="flex items-center gap-2 text-sm text-ink-muted">
            <HardDrive aria-hidden className="size-4" />
            {t('dashboard.storage.title', { plan: t(`dashboard.plans.${loaderData.totals.plan}`) })}
          </h2>
          <p className="text-sm tabular-nums">
            {t('dashboard.storage.used', {
              used: formatBytes(loaderData.totals.storageUsedBytes, i18n.language),
              limit: formatBytes(loaderData.totals.storageLimitBytes, i18n.language),
            })}
          </p>
        </div>
        <div className="mt-3">
          <ProgressBar
            value={loaderData.totals.storageUsedBytes / loaderData.totals.storageLimitBytes}
            label={t('dashboard.storage.title', { plan: t(`dashboard.plans.${loaderData.totals.plan}`) })}
          />
        </div>
      </section>
      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <RecentActivity activity={guide.activity} />
        <QuickActions guide={guide} companyName={loaderData.companyName} />
      </div>
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
