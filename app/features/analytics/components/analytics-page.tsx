import { Download, Loader2, Lock } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import type { PlanId } from '#app/features/billing/plans'
import type { FindMeFigures } from '#app/features/faces/server/read-find-me-figures.server'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import { REPEAT_VIEW_WINDOW_MINUTES } from '../analytics-events'
import { PRESET_DAYS, rangeQuery, type AnalyticsRange } from '../analytics-range'
import { HEADLINE_KEYS, type Headline } from '../headline'
import type { readAnalyticsDetail } from '../server/read-analytics-overview.server'
import { ChangeBadge } from './change-badge'
import { EngagementChart } from './engagement-chart'
import { FunnelFilter } from './funnel-filter'
import { ChannelsPanel, channelSummary, FunnelPanel } from './funnel-panel'
import { SongTables } from './song-table'
import { TopItemsPanel } from './top-items'
import { VideoTable } from './video-table'
import { pageWidth } from '#app/components/page-width'

type Detail = Awaited<ReturnType<typeof readAnalyticsDetail>>

export type AnalyticsPageProps = {
  range: AnalyticsRange
  headline: { now: Headline; before: Headline }
  detail: Detail | null
  /** Fans' Find me searches in the range (ADR 103); null when none, or the plan lacks it. */
  findMe?: FindMeFigures | null
  plan: PlanId
}

const TABLE_KEYS = [
  'views',
  'visitors',
  'likes',
  'shares',
  'downloads',
  'comments',
  'watchedMinutes',
  'completionRate',
  'leads',
] as const

/** The admin's analytics: a range, its totals against the period before, and (Professional) the detail. */
export function AnalyticsPage({ range, headline, detail, findMe }: AnalyticsPageProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/admin/analytics'
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 })
  const isEmpty = HEADLINE_KEYS.every((key) => headline.now[key] === 0)
  const query = rangeQuery(range)
  const selectedFunnel = detail?.funnelOf ? `${detail.funnelOf.scope}:${detail.funnelOf.id}` : ''
  const cell = (key: (typeof TABLE_KEYS)[number], row: Headline) =>
    key === 'completionRate'
      ? row.completionRate === null
        ? '—'
        : percent.format(row.completionRate)
      : number.format(row[key])

  return (
    <div className={`${pageWidth('wide')} space-y-6`} aria-busy={loading}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('analytics.admin.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {t('analytics.admin.range.showing', { from: range.from, to: range.to })}
          </p>
        </div>
        <RangePicker range={range} />
      </div>
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('analytics.admin.loading')}
        </p>
      ) : null}

      <dl
        className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4', loading && 'opacity-60')}
        data-testid="analytics-totals"
      >
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
      <p className="-mt-3 max-w-3xl text-xs text-ink-muted" data-testid="analytics-views-definition">
        {t('analytics.admin.figures.viewsDefinition', { minutes: REPEAT_VIEW_WINDOW_MINUTES })}
      </p>

      {findMe ? (
        <section
          aria-labelledby="find-me-figures"
          className="rounded-xl border border-line bg-surface p-5"
          data-testid="analytics-find-me"
        >
          <h2 id="find-me-figures" className="font-semibold">
            {t('findMeStudio.title')}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {(['searches', 'withMatch', 'photosFound', 'downloads'] as const).map((key) => (
              <div key={key}>
                <dt className="text-sm text-ink-muted">{t(`findMeStudio.figures.${key}`)}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{number.format(findMe[key])}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {isEmpty ? (
        <section
          className="rounded-xl border border-dashed border-line bg-surface p-8 text-center"
          data-testid="analytics-empty"
        >
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

          <div className="grid gap-4 lg:grid-cols-2">
            <FunnelPanel funnel={detail.funnel} subject={detail.funnelOf}>
              {/* Keyed by the choice: the list follows a row's link followed since. */}
              <FunnelFilter
                key={`${query}:${selectedFunnel}`}
                range={range}
                selected={selectedFunnel}
                events={detail.byEvent.map((row) => ({ id: row.eventId, title: row.title }))}
                items={detail.byContent.map((row) => ({ id: row.contentItemId, title: row.title }))}
              />
            </FunnelPanel>
            <ChannelsPanel sharesByChannel={detail.sharesByChannel} subject={detail.funnelOf} />
          </div>

          <TopItemsPanel topItems={detail.topItems} />

          {(['content', 'event'] as const).map((table) => {
            const rows =
              table === 'content'
                ? detail.byContent.map((row) => ({ id: row.contentItemId, ...row }))
                : detail.byEvent.map((row) => ({ id: row.eventId, ...row }))
            const scope = table === 'content' ? 'item' : 'event'
            return (
              <section key={table} data-testid={`by-${table}`} className="space-y-3">
                <SectionHeading
                  id={`by-${table}`}
                  title={t(`analytics.admin.tables.${table}`)}
                  csv={`/admin/analytics/export.csv?by=${table}&${query}`}
                />
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
                      {rows.map((row) => {
                        const isSelected = selectedFunnel === `${scope}:${row.id}`
                        const title = row.title ?? t('analytics.admin.untitled')
                        return (
                          <TableRow
                            key={row.id}
                            data-testid="analytics-row"
                            className={cn(isSelected && 'bg-accent/10')}
                          >
                            <TableCell className="max-w-64 truncate font-medium">
                              {/* The title opens the row's funnel and shares at the top (again: the company's). */}
                              <Link
                                to={`?${query}${isSelected ? '' : `&funnel=${scope}:${row.id}`}#funnel`}
                                aria-current={isSelected ? 'true' : undefined}
                                aria-label={t(
                                  isSelected ? 'analytics.admin.funnel.back' : 'analytics.admin.funnel.open',
                                  { title },
                                )}
                                className="underline decoration-line underline-offset-4 hover:decoration-current"
                                data-testid="row-funnel"
                              >
                                {title}
                              </Link>
                            </TableCell>
                            {TABLE_KEYS.map((key) => (
                              <TableCell key={key} numeric data-figure={key}>
                                {cell(key, row)}
                                {key === 'shares' && row.shares > 0 ? (
                                  <span
                                    className="block text-xs whitespace-nowrap text-ink-muted"
                                    data-testid="share-channels-of-row"
                                  >
                                    {channelSummary(row.sharesByChannel, t, number)}
                                  </span>
                                ) : null}
                              </TableCell>
                            ))}
                          </TableRow>
                        )
                      })}
                    </TableBody>
                  </Table>
                )}
              </section>
            )
          })}

          <section data-testid="by-video" className="space-y-3">
            <SectionHeading
              id="by-video"
              title={t('analytics.admin.tables.video')}
              csv={`/admin/analytics/export.csv?by=video&${query}`}
            />
            {detail.videos.length === 0 ? (
              <p className="text-sm text-ink-muted">{t('analytics.admin.tables.none')}</p>
            ) : (
              <VideoTable videos={detail.videos} query={query} />
            )}
          </section>

          {/* Only for companies whose galleries carry a show's set-list. */}
          {detail.songs.length > 0 ? (
            <section aria-labelledby="by-song" data-testid="by-song" className="space-y-3">
              <SectionHeading
                id="by-song"
                title={t('analytics.admin.tables.song')}
                csv={`/admin/analytics/export.csv?by=song&${query}`}
              />
              <SongTables galleries={detail.songs} />
            </section>
          ) : null}
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

function RangePicker({ range }: { range: AnalyticsRange }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" data-testid="range-picker">
      <nav
        aria-label={t('analytics.admin.range.label')}
        className="flex gap-1 rounded-lg border border-line bg-surface p-1"
      >
        {PRESET_DAYS.map((days) => (
          <Link
            key={days}
            to={`?range=${days}`}
            aria-current={range.preset === String(days) ? 'page' : undefined}
            className={cn(
              'flex-1 rounded-md px-3 py-1.5 text-center text-sm whitespace-nowrap',
              range.preset === String(days)
                ? 'bg-accent text-accent-foreground'
                : 'text-ink-muted hover:bg-surface-muted',
            )}
            data-testid={`range-${days}`}
          >
            {t('analytics.admin.range.days', { count: days })}
          </Link>
        ))}
      </nav>
      {/* Keyed by the range: the dates follow a preset chosen since. */}
      <Form
        key={`${range.from}:${range.to}`}
        method="get"
        className="flex flex-wrap items-end gap-2"
        data-testid="range-custom"
      >
        <input type="hidden" name="range" value="custom" />
        <label className="text-xs text-ink-muted">
          {t('analytics.admin.range.from')}
          <input
            type="date"
            name="from"
            required
            defaultValue={range.from}
            className="mt-0.5 block rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink"
          />
        </label>
        <label className="text-xs text-ink-muted">
          {t('analytics.admin.range.to')}
          <input
            type="date"
            name="to"
            required
            defaultValue={range.to}
            className="mt-0.5 block rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink"
          />
        </label>
        <button type="submit" className={buttonClasses('secondary', 'sm')}>
          {t('analytics.admin.range.apply')}
        </button>
      </Form>
    </div>
  )
}
