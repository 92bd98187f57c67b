import { z } from 'zod'
import { CSV_BOM, csvRow } from '#app/lib/csv'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { TFunction } from '#app/lib/translator'
import { SHARE_CHANNELS } from '../analytics-events'
import { readAnalyticsDetail } from './read-analytics-overview.server'

export const ZExportTable = z.enum(['content', 'event', 'video', 'song'])
export type TExportTable = z.infer<typeof ZExportTable>

const TABLE_COLUMNS = [
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

/** Machine-readable in every spreadsheet: a dot for decimals, shares as 0..1 with four places. */
const decimal = (value: number | null, places: number) =>
  value === null ? '' : String(Math.round(value * 10 ** places) / 10 ** places)

/**
 * One table of the analytics page as CSV (app/lib/csv.ts: formula-safe cells, UTF-8 with BOM),
 * header in the user's language. Professional only, like the tables themselves.
 */
export async function exportAnalyticsCsv(
  context: TenantContext,
  tableInput: unknown,
  range: { from: string; to: string },
  t: TFunction,
) {
  const table = ZExportTable.safeParse(tableInput)
  if (!table.success) throw new AppError('BAD_REQUEST', 'analytics.admin.errors.table')
  const detail = await readAnalyticsDetail(context, range)
  const untitled = t('analytics.admin.untitled')
  const column = (key: string) => t(`analytics.admin.columns.${key}`)
  let lines: string[]
  if (table.data === 'video') {
    // One row per played file (a gallery's videos each have theirs), so the rows add up; the
    // file's columns come last, after those the table had before files had figures (ADR 062).
    lines = [
      csvRow([
        column('title'),
        'id',
        column('watchedMinutes'),
        column('plays'),
        column('averageWatched'),
        column('completionRate'),
        column('file'),
        t('analytics.admin.columns.fileId'),
      ]),
      ...detail.videos.flatMap((video) =>
        video.files.map((file) =>
          csvRow([
            video.title ?? untitled,
            video.contentItemId,
            decimal(file.watchedSeconds / 60, 1),
            String(file.plays),
            decimal(file.averageWatched, 4),
            decimal(file.completionRate, 4),
            file.name ?? untitled,
            file.assetId,
          ]),
        ),
      ),
    ]
  } else if (table.data === 'song') {
    // One row per song of each gallery with a set-list, in the show's order (ADR 063).
    lines = [
      csvRow([
        column('gallery'),
        'id',
        column('songNumber'),
        column('song'),
        column('files'),
        column('views'),
        column('downloads'),
      ]),
      ...detail.songs.flatMap((gallery) =>
        gallery.songs.map((song) =>
          csvRow([
            gallery.title ?? untitled,
            gallery.contentItemId,
            song.number === null ? '' : String(song.number),
            song.title ?? t('setlistFans.more'),
            String(song.files),
            String(song.views),
            String(song.downloads),
          ]),
        ),
      ),
    ]
  } else {
    const rows =
      table.data === 'content'
        ? detail.byContent.map((row) => ({ id: row.contentItemId, ...row }))
        : detail.byEvent.map((row) => ({ id: row.eventId, ...row }))
    // Shares by channel follow the tables' columns, one per way out, the same set on every export.
    const channelColumns = SHARE_CHANNELS.map((channel) =>
      t('analytics.admin.columns.sharesVia', { channel: t(`analytics.admin.channels.${channel}`) }),
    )
    lines = [
      csvRow([column('title'), 'id', ...TABLE_COLUMNS.map(column), ...channelColumns]),
      ...rows.map((row) =>
        csvRow([
          row.title ?? untitled,
          row.id,
          String(row.views),
          String(row.visitors),
          String(row.likes),
          String(row.shares),
          String(row.downloads),
          String(row.comments),
          decimal(row.watchedMinutes, 1),
          decimal(row.completionRate, 4),
          String(row.leads),
          ...SHARE_CHANNELS.map((channel) => String(row.sharesByChannel[channel] ?? 0)),
        ]),
      ),
    ]
  }
  return {
    body: CSV_BOM + lines.join(''),
    fileName: `analytics-${table.data}-${context.company.slug}-${range.from}-${range.to}.csv`,
  }
}
