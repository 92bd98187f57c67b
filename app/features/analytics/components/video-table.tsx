import { ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { useTranslation } from '#app/lib/react-i18n'
import { HEATMAP_BUCKET_SECONDS } from '../analytics-events'
import type { VideoEngagement } from '../server/read-video-engagement.server'

/** m:ss (or h:mm:ss) of a point on the timeline. */
export function timecode(seconds: number) {
  const whole = Math.floor(seconds)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/**
 * Per played item: the same columns as its CSV (watched minutes, plays, average watched,
 * completion rate), and under each row, on demand, the re-watch heatmap of each of its files.
 */
export function VideoTable({ videos }: { videos: VideoEngagement[] }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState<string | null>(null)
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 })
  const shown = videos.find((video) => video.contentItemId === open) ?? null
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
            const isOpen = open === video.contentItemId
            const panel = `heatmap-${video.contentItemId}`
            return (
              <TableRow key={video.contentItemId} data-testid="video-row">
                <TableCell className="max-w-64 truncate font-medium">{video.title ?? t('analytics.admin.untitled')}</TableCell>
                <TableCell numeric data-figure="watchedMinutes">
                  {number.format(video.watchedSeconds / 60)}
                </TableCell>
                <TableCell numeric data-figure="plays">
                  {number.format(video.plays)}
                </TableCell>
                <TableCell numeric data-figure="averageWatched">
                  {video.averageWatched === null ? '—' : percent.format(video.averageWatched)}
                </TableCell>
                <TableCell numeric data-figure="completionRate">
                  {video.completionRate === null ? '—' : percent.format(video.completionRate)}
                </TableCell>
                <TableCell className="relative text-right">
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={panel}
                    onClick={() => setOpen(isOpen ? null : video.contentItemId)}
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm whitespace-nowrap text-accent hover:bg-surface-muted"
                    data-testid="heatmap-toggle"
                  >
                    {t('analytics.admin.heatmap.open')}
                    <ChevronDown aria-hidden className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
                    <span className="sr-only">: {video.title ?? t('analytics.admin.untitled')}</span>
                  </button>
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      {shown ? (
        // Under the table, not in it: on a phone the table scrolls sideways, the heatmap keeps the screen's width.
        <section id={`heatmap-${shown.contentItemId}`} aria-labelledby="heatmap-title" className="rounded-xl border border-line bg-surface p-4" data-testid="heatmap-panel">
          <h3 id="heatmap-title" className="truncate font-medium">
            {t('analytics.admin.heatmap.title')}: {shown.title ?? t('analytics.admin.untitled')}
          </h3>
          <div className="mt-3 space-y-4">
            {shown.files.length === 0 ? <p className="text-sm text-ink-muted">{t('analytics.admin.heatmap.none')}</p> : null}
            {shown.files.map((file) => (
              <Heatmap key={file.assetId} name={shown.files.length > 1 ? file.name : null} buckets={file.buckets} durationSeconds={file.durationSeconds} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  )
}

/**
 * The re-watch heatmap of one file: one bar per 2-second slice of its timeline, taller and darker
 * where it was played more. The drawing has a one-line summary for screen readers, and the
 * played slices are also a table anyone can open.
 */
function Heatmap({ name, buckets, durationSeconds }: { name: string | null; buckets: number[]; durationSeconds: number | null }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const peak = Math.max(...buckets, 0)
  const top = buckets.indexOf(peak)
  const end = durationSeconds ?? buckets.length * HEATMAP_BUCKET_SECONDS
  const played = buckets.flatMap((plays, index) => (plays > 0 ? [{ index, plays }] : []))
  return (
    <figure>
      {name ? <p className="mb-1 truncate text-sm font-medium">{name}</p> : null}
      <svg
        role="img"
        aria-label={t('analytics.admin.heatmap.label', { at: timecode(Math.max(top, 0) * HEATMAP_BUCKET_SECONDS), plays: peak })}
        viewBox={`0 0 ${Math.max(buckets.length, 1)} 100`}
        preserveAspectRatio="none"
        className="block h-16 w-full rounded-md bg-surface"
        data-testid="heatmap"
      >
        {buckets.map((plays, index) =>
          plays > 0 ? <rect key={index} x={index} y={100 - (plays / peak) * 100} width={1} height={(plays / peak) * 100} className="fill-accent" opacity={0.3 + (0.7 * plays) / peak} /> : null,
        )}
      </svg>
      <figcaption className="mt-1 flex justify-between gap-2 text-xs text-ink-muted">
        <span>0:00</span>
        <span className="text-center">{t('analytics.admin.heatmap.caption')}</span>
        <span>{timecode(end)}</span>
      </figcaption>
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
                    {timecode(index * HEATMAP_BUCKET_SECONDS)}–{timecode((index + 1) * HEATMAP_BUCKET_SECONDS)}
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
