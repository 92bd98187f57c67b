import { Download, Loader2, Lock } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import type { PlanId } from '#app/features/billing/plans'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import { PRESET_DAYS, rangeQuery, type AnalyticsRange } from '../analytics-range'
import { HEADLINE_KEYS, type Headline } from '../headline'
import type { readAnalyticsDetail } from '../server/read-analytics-overview.server'
import { ChangeBadge } from './change-badge'
import { EngagementChart } from './engagement-chart'

type Detail = Awaited<ReturnType<typeof readAnalyticsDetail>>

export type AnalyticsPageProps = { range: AnalyticsRange; headline: { now: Headline; before: Headline }; detail: Detail | null; plan: PlanId }

const TABLE_KEYS = ['views', 'visitors', 'likes', 'shares', 'downloads', 'comments', 'watchedMinutes', 'completionRate', 'leads'] as const

/** The admin's analytics: a range, its totals against the period before, and (Professional) the detail. */
export function AnalyticsPage({ range, headline, detail }: AnalyticsPageProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/admin/analytics'
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 })
  const isEmpty = HEADLINE_KEYS.every((key) => headline.now[key] === 0)
  const query = rangeQuery(range)
  const cell = (key: (typeof TABLE_KEYS)[number], row: Headline) => (key === 'completionRate' ? (row.completionRate === null ? '—' : percent.format(row.completionRate)) : number.format(row[key]))

  return (
    <div className="mx-auto max-w-[1400px] space-y-6" aria-busy={loading}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('analytics.admin.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{t('analytics.admin.range.showing', { from: range.from, to: range.to })}</p>
        </div>
        <RangePicker range={range} />
      </div>
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('analytics.admin.loading')}
        </p>
      ) : null}

      <dl className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4', loading && 'opacity-60')} data-testid="analytics-totals">
        {HEADLINE_KEYS.map((key) => (
          <div key={key} className="rounded-xl border border-line bg-surface p-4" data-testid={`figure-${key}`}>
            <dt className="text-sm text-ink-muted">{t(`analytics.admin.figures.${key}`)}</dt>
            <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-semibold tabular-nums lg:text-3xl" data-testid="figure-value">
                {number.format(headline.now[key])}
              </span>
              <ChangeBadge now={headline.now[key]} before={headline.before[key]} />
            </dd>
          </div>
        ))}
      </dl>

      {isEmpty ? (
        <section className="rounded-xl border border-dashed border-line bg-surface p-8 text-center" data-testid="analytics-empty">
          <h2 className="font-semibold">{t('analytics.admin.empty.title')}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-ink-muted">{t('analytics.admin.empty.text')}</p>
        </section>
      ) : null}

      {detail === null ? (
        <section className="rounded-xl border border-line bg-surface p-6" data-testid="analytics-upgrade">
          <h2 className="flex items-center gap-2 font-semibold">
            <Lock aria-hidden className="size-4 text-accent" />
            {t('analytics.admin.upgrade.title')}
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-ink-muted">{t('analytics.admin.upgrade.text')}</p>
          <Link to="/admin/subscription" className={buttonClasses('primary', 'md', 'mt-4')}>
            {t('analytics.admin.upgrade.cta')}
          </Link>
        </section>
      ) : isEmpty ? null : (
        <div className={cn('space-y-8', loading && 'opacity-60')}>
          <EngagementChart series={detail.series} />

          {(['content', 'event'] as const).map((table) => {
            const rows = table === 'content' ? detail.byContent.map((row) => ({ id: row.contentItemId, ...row })) : detail.byEvent.map((row) => ({ id: row.eventId, ...row }))
            return (
              <section key={table} aria-labelledby={`by-${table}`} data-testid={`by-${table}`} className="space-y-3">
                <SectionHeading id={`by-${table}`} title={t(`analytics.admin.tables.${table}`)} csv={`/admin/analytics/export.csv?by=${table}&${query}`} />
                {rows.length === 0 ? (
                  <p className="text-sm text-ink-muted">{t('analytics.admin.tables.none')}</p>
                ) : (
                  <Table label={t(`analytics.admin.tables.${table}`)} density="dense" className="min-w-[880px]">
                    <TableHeader>
                      <TableRow>
                        <TableHead>{t('analytics.admin.columns.title')}</TableHead>
                        {TABLE_KEYS.map((key) => (
                          <TableHead key={key} numeric>
                            {t(`analytics.admin.columns.${key}`)}
                          </TableHead>
                        ))}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.map((row) => (
                        <TableRow key={row.id} data-testid="analytics-row">
                          <TableCell className="max-w-64 truncate font-medium">{row.title ?? t('analytics.admin.untitled')}</TableCell>
                          {TABLE_KEYS.map((key) => (
                            <TableCell key={key} numeric data-figure={key}>
                              {cell(key, row)}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </section>
            )
          })}

          <section aria-labelledby="by-video" data-testid="by-video" className="space-y-3">
            <SectionHeading id="by-video" title={t('analytics.admin.tables.video')} csv={`/admin/analytics/export.csv?by=video&${query}`} />
            {detail.videos.length === 0 ? (
              <p className="text-sm text-ink-muted">{t('analytics.admin.tables.none')}</p>
            ) : (
              <ul className="grid gap-3 lg:grid-cols-2">
                {detail.videos.map((video) => (
                  <li key={video.contentItemId} className="rounded-xl border border-line bg-surface p-4" data-testid="video-row">
                    <h3 className="truncate font-medium">{video.title ?? t('analytics.admin.untitled')}</h3>
                    <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                      <div>
                        <dt className="text-xs text-ink-muted">{t('analytics.admin.columns.watchedMinutes')}</dt>
                        <dd className="tabular-nums">{number.format(video.watchedSeconds / 60)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-ink-muted">{t('analytics.admin.columns.averageWatched')}</dt>
                        <dd className="tabular-nums">{video.averageWatched === null ? '—' : percent.format(video.averageWatched)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-ink-muted">{t('analytics.admin.columns.completionRate')}</dt>
                        <dd className="tabular-nums">{video.completionRate === null ? '—' : percent.format(video.completionRate)}</dd>
                      </div>
                    </dl>
                    {video.files.map((file) => (
                      <Heatmap key={file.assetId} buckets={file.buckets} />
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  )
}

function SectionHeading({ id, title, csv }: { id: string; title: string; csv: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <a href={csv} download className={buttonClasses('secondary', 'sm')} data-testid={`export-${id}`}>
        <Download aria-hidden className="size-4" />
        {t('analytics.admin.export')}
      </a>
    </div>
  )
}

/** The re-watch heatmap: one bar per 2-second slice, taller and darker where it was played more. */
function Heatmap({ buckets }: { buckets: number[] }) {
  const { t } = useTranslation()
  const peak = Math.max(...buckets, 1)
  const top = buckets.indexOf(Math.max(...buckets))
  const at = (index: number) => `${Math.floor((index * 2) / 60)}:${String((index * 2) % 60).padStart(2, '0')}`
  return (
    <figure className="mt-3">
      <div role="img" aria-label={t('analytics.admin.heatmap.label', { at: at(Math.max(top, 0)), plays: buckets[top] ?? 0 })} className="flex h-10 items-end gap-px" data-testid="heatmap">
        {buckets.map((plays, index) => (
          <span key={index} className="min-w-px flex-1 rounded-t-sm bg-accent" style={{ height: `${Math.max((plays / peak) * 100, 4)}%`, opacity: 0.25 + (0.75 * plays) / peak }} />
        ))}
      </div>
      <figcaption className="mt-1 flex justify-between text-xs text-ink-muted">
        <span>0:00</span>
        <span>{t('analytics.admin.heatmap.caption')}</span>
        <span>{at(buckets.length)}</span>
      </figcaption>
    </figure>
  )
}

function RangePicker({ range }: { range: AnalyticsRange }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" data-testid="range-picker">
      <nav aria-label={t('analytics.admin.range.label')} className="flex gap-1 rounded-lg border border-line bg-surface p-1">
        {PRESET_DAYS.map((days) => (
          <Link
            key={days}
            to={`?range=${days}`}
            aria-current={range.preset === String(days) ? 'page' : undefined}
            className={cn('flex-1 rounded-md px-3 py-1.5 text-center text-sm whitespace-nowrap', range.preset === String(days) ? 'bg-accent text-accent-foreground' : 'text-ink-muted hover:bg-surface-muted')}
            data-testid={`range-${days}`}
          >
            {t('analytics.admin.range.days', { count: days })}
          </Link>
        ))}
      </nav>
      {/* Keyed by the range: the dates follow a preset chosen since. */}
      <Form key={`${range.from}:${range.to}`} method="get" className="flex flex-wrap items-end gap-2" data-testid="range-custom">
        <input type="hidden" name="range" value="custom" />
        <label className="text-xs text-ink-muted">
          {t('analytics.admin.range.from')}
          <input type="date" name="from" required defaultValue={range.from} className="mt-0.5 block rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink" />
        </label>
        <label className="text-xs text-ink-muted">
          {t('analytics.admin.range.to')}
          <input type="date" name="to" required defaultValue={range.to} className="mt-0.5 block rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink" />
        </label>
        <button type="submit" className={buttonClasses('secondary', 'sm')}>
          {t('analytics.admin.range.apply')}
        </button>
      </Form>
    </div>
  )
}
