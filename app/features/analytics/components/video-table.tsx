import { ChevronDown } from 'lucide-react'
import { Fragment, useState } from 'react'
import { useFetcher } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { useTranslation } from '#app/lib/react-i18n'
import { HEATMAP_BUCKET_SECONDS } from '../analytics-events'
import type { FileHeatmap } from '../server/read-item-heatmaps.server'
import type { VideoEngagement } from '../server/read-video-engagement.server'

/** m:ss (or h:mm:ss) of a point on the timeline. */
export function timecode(seconds: number) {
  const whole = Math.floor(seconds)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

type Open = { item: string; file: string | null } | null

/**
 * Per played item: the same columns as its CSV (watched minutes, plays, average watched,
 * completion rate); an item with several files (a gallery's videos) has a row for each file under
 * it. Each row opens the re-watch heatmap of its file(s) under the table, read from the server
 * then (`/admin/analytics/heatmap`, ADR 062) for the page's range (`query`).
 */
export function VideoTable({ videos, query }: { videos: VideoEngagement[]; query: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<Open>(null)
  const heatmaps = useFetcher<{ item: string; files: FileHeatmap[] }>()
  const shown = videos.find((video) => video.contentItemId === open?.item) ?? null
  const loaded =
    shown && heatmaps.data?.item === shown.contentItemId && heatmaps.state === 'idle' ? heatmaps.data.files : null
  // In the table's order (most watched first), the one file asked for or all of them.
  const shownFiles =
    shown && loaded
      ? shown.files
          .filter((file) => open?.file === null || file.assetId === open?.file)
          .flatMap((file) => loaded.filter((heatmap) => heatmap.assetId === file.assetId))
      : []
  const untitled = t('analytics.admin.untitled')
  const toggle = (next: NonNullable<Open>) => {
    if (open?.item === next.item && open.file === next.file) return setOpen(null)
    setOpen(next)
    if (heatmaps.data?.item !== next.item) heatmaps.load(`/admin/analytics/heatmap?item=${next.item}&${query}`)
  }
  return (
    <div className="space-y-3">
      <Table label={t('analytics.admin.tables.video')} density="dense" className="min-w-[640px]">
        <TableHeader>
          <TableRow>
            <TableHead>{t('analytics.admin.columns.title')}</TableHead>
            <TableHead numeric>{t('analytics.admin.columns.watchedMinutes')}</TableHead>
            <TableHead numeric>{t('analytics.admin.columns.plays')}</TableHead>
            <TableHead numeric>{t('analytics.admin.columns.averageWatched')}</TableHead>
            <TableHead numeric>{t('analytics.admin.columns.completionRate')}</TableHead>
            {/* Relative: the hidden text stays inside the scrolling table instead of widening a phone's page. */}
            <TableHead className="relative">
              <span className="sr-only">{t('analytics.admin.heatmap.title')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {videos.map((video) => {
            const title = video.title ?? untitled
            return (
              <Fragment key={video.contentItemId}>
                <TableRow data-testid="video-row">
                  <TableCell className="max-w-64 truncate font-medium">{title}</TableCell>
                  <FigureCells figures={video} />
                  <TableCell className="relative text-right">
                    <HeatmapToggle
                      isOpen={open?.item === video.contentItemId && open.file === null}
                      label={title}
                      onClick={() => toggle({ item: video.contentItemId, file: null })}
                      testId="heatmap-toggle"
                    />
                  </TableCell>
                </TableRow>
                {video.files.length > 1
                  ? video.files.map((file) => {
                      const name = file.name ?? untitled
                      return (
                        <TableRow key={file.assetId} data-testid="video-file-row" className="bg-surface-muted/40">
                          <TableCell className="max-w-64 truncate pl-7 text-ink-muted">
                            <span className="sr-only">{title}: </span>
                            {name}
                          </TableCell>
                          <FigureCells figures={file} />
                          <TableCell className="relative text-right">
                            <HeatmapToggle
                              isOpen={open?.item === video.contentItemId && open.file === file.assetId}
                              label={`${title}, ${name}`}
                              onClick={() => toggle({ item: video.contentItemId, file: file.assetId })}
                              testId="file-heatmap-toggle"
                            />
                          </TableCell>
                        </TableRow>
                      )
                    })
                  : null}
              </Fragment>
            )
          })}
        </TableBody>
      </Table>
      {shown ? (
        // Under the table, not in it: on a phone the table scrolls sideways, the heatmap keeps the screen's width.
        <section
          id="heatmap-panel"
          aria-labelledby="heatmap-title"
          className="rounded-xl border border-line bg-surface p-4"
          data-testid="heatmap-panel"
        >
          <h3 id="heatmap-title" className="truncate font-medium">
            {t('analytics.admin.heatmap.title')}: {shown.title ?? untitled}
          </h3>
          <div className="mt-3 space-y-6" aria-busy={loaded === null}>
            {loaded === null ? (
              <p role="status" className="text-sm text-ink-muted">
                {t('analytics.admin.loading')}
              </p>
            ) : shownFiles.length === 0 ? (
              <p className="text-sm text-ink-muted">{t('analytics.admin.heatmap.none')}</p>
            ) : null}
            {shownFiles.map((file) => (
              <Heatmap
                key={file.assetId}
                name={shown.files.length > 1 ? (file.name ?? untitled) : null}
                buckets={file.buckets}
                durationSeconds={file.durationSeconds}
              />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  )
}

function FigureCells({
  figures,
}: {
  figures: { watchedSeconds: number; plays: number; averageWatched: number | null; completionRate: number | null }
}) {
  const { i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 })
  return (
    <>
      <TableCell numeric data-figure="watchedMinutes">
        {number.format(figures.watchedSeconds / 60)}
      </TableCell>
      <TableCell numeric data-figure="plays">
        {number.format(figures.plays)}
      </TableCell>
      <TableCell numeric data-figure="averageWatched">
        {figures.averageWatched === null ? '—' : percent.format(figures.averageWatched)}
      </TableCell>
      <TableCell numeric data-figure="completionRate">
        {figures.completionRate === null ? '—' : percent.format(figures.completionRate)}
      </TableCell>
    </>
  )
}

function HeatmapToggle({
  isOpen,
  label,
  onClick,
  testId,
}: {
  isOpen: boolean
  label: string
  onClick: () => void
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls="heatmap-panel"
      onClick={onClick}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm whitespace-nowrap text-accent hover:bg-surface-muted"
      data-testid={testId}
    >
      {t('analytics.admin.heatmap.open')}
      <ChevronDown aria-hidden className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
      <span className="sr-only">: {label}</span>
    </button>
  )
}

/** Steps between the timeline's labels: the first that gives at most `most` of them. */
const TICK_STEPS = [2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]

/** Where the labels of a timeline of `end` seconds go: 0, round steps, and the end, none crowding the end. */
export function timelineTicks(end: number, most = 4) {
  const step = TICK_STEPS.find((candidate) => end / candidate <= most) ?? Math.ceil(end / most / 3600) * 3600
  const ticks: number[] = []
  for (let at = 0; at < end - step * 0.6; at += step) ticks.push(at)
  ticks.push(end)
  return ticks
}

/**
 * The re-watch heatmap of one file: one bar per 2-second slice of its timeline, taller and darker
 * where it was played more, over a time axis drawn on the same scale (a label sits under the
 * moment it names, the last one under the file's end). It always fits its width: the shape of the
 * whole timeline is what it shows. The drawing has a one-line summary for screen readers, and
 * the played slices are also a table anyone can open.
 */
function Heatmap({
  name,
  buckets,
  durationSeconds,
}: {
  name: string | null
  buckets: number[]
  durationSeconds: number | null
}) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const peak = Math.max(...buckets, 0)
  const top = buckets.indexOf(peak)
  // The drawing spans the file's length (its last slice may be cut short by the end), so the end
  // label sits at its right edge; without a known length, whole slices.
  const end =
    durationSeconds && durationSeconds > 0 ? durationSeconds : Math.max(buckets.length, 1) * HEATMAP_BUCKET_SECONDS
  const at = (seconds: number) => `${(seconds / end) * 100}%`
  const ticks = timelineTicks(end)
  const played = buckets.flatMap((plays, index) => (plays > 0 ? [{ index, plays }] : []))
  return (
    <figure data-testid="heatmap-file">
      {name ? <p className="mb-1 truncate text-sm font-medium">{name}</p> : null}
      <svg
        role="img"
        aria-label={t('analytics.admin.heatmap.label', {
          at: timecode(Math.max(top, 0) * HEATMAP_BUCKET_SECONDS),
          plays: peak,
        })}
        viewBox={`0 0 ${end} 100`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className="block h-16 w-full rounded-t-md bg-surface-muted/60"
        data-testid="heatmap"
      >
        {buckets.map((plays, index) =>
          plays > 0 && index * HEATMAP_BUCKET_SECONDS < end ? (
            <rect
              key={index}
              x={index * HEATMAP_BUCKET_SECONDS}
              y={100 - (plays / peak) * 100}
              width={Math.min(HEATMAP_BUCKET_SECONDS, end - index * HEATMAP_BUCKET_SECONDS)}
              height={(plays / peak) * 100}
              className="fill-accent"
              opacity={0.3 + (0.7 * plays) / peak}
            />
          ) : null,
        )}
      </svg>
      {/* The axis: ticks and labels placed on the drawing's own scale. */}
      <div
        aria-hidden
        className="relative h-5 border-t border-line text-xs text-ink-muted tabular-nums"
        data-testid="heatmap-axis"
      >
        {ticks.map((seconds, index) => {
          const isFirst = index === 0
          const isLast = index === ticks.length - 1
          return (
            <span
              key={seconds}
              className={`absolute top-0 pt-1 whitespace-nowrap before:absolute before:top-0 before:h-1 before:w-px before:bg-line ${isFirst ? 'before:left-0' : isLast ? '-translate-x-full before:right-0' : '-translate-x-1/2 before:left-1/2'}`}
              style={{ left: at(seconds) }}
              data-seconds={seconds}
            >
              {timecode(seconds)}
            </span>
          )
        })}
      </div>
      <figcaption className="mt-1 text-xs text-ink-muted">{t('analytics.admin.heatmap.caption')}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ink-muted">{t('analytics.admin.heatmap.asTable')}</summary>
        <div className="mt-2 max-h-60 overflow-auto">
          <table className="w-full max-w-sm text-left tabular-nums" data-testid="heatmap-table">
            <caption className="sr-only">{t('analytics.admin.heatmap.tableCaption')}</caption>
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t('analytics.admin.heatmap.slice')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('analytics.admin.columns.plays')}
                </th>
              </tr>
            </thead>
            <tbody>
              {played.map(({ index, plays }) => (
                <tr key={index} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {timecode(index * HEATMAP_BUCKET_SECONDS)}–
                    {timecode(Math.min((index + 1) * HEATMAP_BUCKET_SECONDS, end))}
                  </th>
                  <td className="py-1 text-right">{number.format(plays)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-ink-muted">{t('analytics.admin.heatmap.unplayed')}</p>
        </div>
      </details>
    </figure>
  )
}
