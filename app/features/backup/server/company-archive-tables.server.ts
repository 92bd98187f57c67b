import { getTableColumns, type Column } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  analyticsDaily,
  analyticsDailyFile,
  analyticsDailyShare,
  analyticsDailySong,
  analyticsPlaybackBucket,
  asset,
  comment,
  contentItem,
  download,
  event,
  lead,
  liveFollower,
  type organization,
} from '#db/schema'
import type { ArchiveTable } from '../company-archive'

/*
 * How each of a company's tables goes into its archive and comes back out of it. A restore makes
 * a new company with new ids (it never collides with the original, on this platform or another):
 * `IdMaps` carries old id → new id per kind, and each table's `remap` rewrites its references.
 */

export type IdMaps = {
  company: string
  events: Map<string, string>
  items: Map<string, string>
  assets: Map<string, string>
  leads: Map<string, string>
}
type Row = Record<string, unknown>

const mapped = (map: Map<string, string>, value: unknown) =>
  typeof value === 'string' ? (map.get(value) ?? null) : null
// A rollup's subject is an event's or an item's id, or '' for the company itself.
const subjectOf = (ids: IdMaps, scope: unknown, subject: unknown) => {
  if (scope === 'event') return mapped(ids.events, subject) ?? String(subject)
  if (scope === 'item') return mapped(ids.items, subject) ?? String(subject)
  return String(subject ?? '')
}

export type TableSpec = {
  table: PgTable & { companyId: Column }
  /** Columns that make the rows' order stable (ids are not, across a restore). */
  orderBy: Column[]
  /** The kind of id this table's `id` is, when it has one a restore renews. */
  renews?: 'events' | 'items' | 'assets' | 'leads' | 'other'
  remap: (row: Row, ids: IdMaps) => Row
}

export const ARCHIVE_TABLE_SPECS: Record<ArchiveTable, TableSpec> = {
  events: {
    table: event,
    orderBy: [event.createdAt, event.slug],
    renews: 'events',
    remap: (row, ids) => ({ ...row, coverAssetId: mapped(ids.assets, row.coverAssetId) }),
  },
  content_items: {
    table: contentItem,
    orderBy: [contentItem.createdAt, contentItem.title],
    renews: 'items',
    // A copy is not live and has no venue wall: a wall's secret link belongs to the original alone.
    remap: (row, ids) => ({
      ...row,
      eventId: mapped(ids.events, row.eventId),
      coverAssetId: mapped(ids.assets, row.coverAssetId),
      liveMode: false,
      wallToken: null,
    }),
  },
  assets: {
    table: asset,
    orderBy: [asset.createdAt, asset.position, asset.originalName],
    renews: 'assets',
    remap: (row, ids) => ({
      ...row,
      contentItemId: mapped(ids.items, row.contentItemId),
      customThumbnailAssetId: mapped(ids.assets, row.customThumbnailAssetId),
      illustratesContentItemId: mapped(ids.items, row.illustratesContentItemId),
      illustratesEventId: mapped(ids.events, row.illustratesEventId),
      // Its place in a live stream is the original's; the copy takes its own (migration 0032).
      liveSeq: null,
    }),
  },
  leads: {
    table: lead,
    orderBy: [lead.createdAt, lead.email],
    renews: 'leads',
    remap: (row, ids) => ({
      ...row,
      contentItemId: mapped(ids.items, row.contentItemId),
      eventId: mapped(ids.events, row.eventId),
    }),
  },
  comments: {
    table: comment,
    orderBy: [comment.createdAt, comment.name],
    renews: 'other',
    remap: (row, ids) => ({ ...row, contentItemId: mapped(ids.items, row.contentItemId) }),
  },
  downloads: {
    table: download,
    orderBy: [download.createdAt],
    renews: 'other',
    remap: (row, ids) => ({
      ...row,
      contentItemId: mapped(ids.items, row.contentItemId),
      assetId: mapped(ids.assets, row.assetId),
      leadId: mapped(ids.leads, row.leadId),
    }),
  },
  // Fans who asked for the show's photos by e-mail; their consent is their lead's, archived above.
  live_followers: {
    table: liveFollower,
    orderBy: [liveFollower.createdAt, liveFollower.language],
    renews: 'other',
    remap: (row, ids) => ({
      ...row,
      contentItemId: mapped(ids.items, row.contentItemId),
      leadId: mapped(ids.leads, row.leadId),
    }),
  },
  analytics_daily: {
    table: analyticsDaily,
    orderBy: [analyticsDaily.day, analyticsDaily.scope, analyticsDaily.subject],
    remap: (row, ids) => ({ ...row, subject: subjectOf(ids, row.scope, row.subject) }),
  },
  analytics_daily_shares: {
    table: analyticsDailyShare,
    orderBy: [
      analyticsDailyShare.day,
      analyticsDailyShare.scope,
      analyticsDailyShare.subject,
      analyticsDailyShare.channel,
    ],
    remap: (row, ids) => ({ ...row, subject: subjectOf(ids, row.scope, row.subject) }),
  },
  analytics_playback_buckets: {
    table: analyticsPlaybackBucket,
    orderBy: [
      analyticsPlaybackBucket.day,
      analyticsPlaybackBucket.contentItemId,
      analyticsPlaybackBucket.assetId,
      analyticsPlaybackBucket.bucket,
    ],
    remap: (row, ids) => ({
      ...row,
      contentItemId: mapped(ids.items, row.contentItemId) ?? row.contentItemId,
      assetId: mapped(ids.assets, row.assetId) ?? row.assetId,
    }),
  },
  analytics_daily_files: {
    table: analyticsDailyFile,
    orderBy: [analyticsDailyFile.day, analyticsDailyFile.contentItemId, analyticsDailyFile.assetId],
    remap: (row, ids) => ({
      ...row,
      contentItemId: mapped(ids.items, row.contentItemId) ?? row.contentItemId,
      assetId: mapped(ids.assets, row.assetId) ?? row.assetId,
    }),
  },
  analytics_daily_songs: {
    table: analyticsDailySong,
    orderBy: [analyticsDailySong.day, analyticsDailySong.contentItemId, analyticsDailySong.song],
    remap: (row, ids) => ({ ...row, contentItemId: mapped(ids.items, row.contentItemId) ?? row.contentItemId }),
  },
}

/** The company's own settings a restored copy takes over; its plan, subdomain, domains and billing stay with the original. */
export const PROFILE_COLUMNS = [
  'name',
  'landingDisplayMode',
  'texts',
  'machineTranslated',
  'heroAssetId',
  'promotionUrl',
  'website',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'phone',
  'registrationNumber',
  'industry',
  'employeeCount',
  'primaryEmail',
  'facebookUrl',
  'instagramUrl',
  'linkedinUrl',
  'twitterUrl',
  'youtubeUrl',
  'tiktokUrl',
  'spotifyUrl',
  'soundcloudUrl',
  'whatsappUrl',
  'brandPrimaryColor',
  'brandAccentColor',
  'template',
  'commentsAutoApprove',
] as const satisfies readonly (keyof typeof organization.$inferSelect)[]

/**
 * A row read back from JSON, as the table takes it: only its own columns, timestamps as dates
 * (JSON has none). Anything else in the archive is left out rather than written.
 */
export function rowForInsert(table: PgTable, row: Row): Row {
  const columns = getTableColumns(table) as Record<string, Column>
  const result: Row = {}
  for (const [name, column] of Object.entries(columns)) {
    if (!(name in row)) continue
    const value = row[name]
    result[name] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value
  }
  return result
}

/** A value as one CSV cell: dates as ISO 8601, objects as JSON. */
export function csvValue(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
