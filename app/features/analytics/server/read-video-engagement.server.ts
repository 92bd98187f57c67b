import { and, between, eq, inArray, sql } from 'drizzle-orm'
import { analyticsPlaybackBucket, asset } from '#db/schema'
import type { TenantContext } from '#app/lib/tenant.server'
import { HEATMAP_BUCKET_SECONDS } from '../analytics-events'
import type { Engagement, TEngagementRange } from './read-engagement.server'

export type VideoEngagement = {
  contentItemId: string
  title: string | null
  watchedSeconds: number
  plays: number
  completions: number
  /** 0..1, null without a known length. */
  averageWatched: number | null
  /** 0..1, null without plays. */
  completionRate: number | null
  /** One strip per played file of the item: plays of each 2-second slice of its timeline. */
  files: Array<{ assetId: string; name: string | null; durationSeconds: number | null; buckets: number[] }>
}

/** At most this many items get a heatmap: the page stays light for a company with thousands of videos. */
export const VIDEO_LIMIT = 50

/**
 * Per played item (a video or audio, or a gallery holding some): watched time, average share
 * watched, completion rate and the re-watch heatmap of each file. The rollups keep watched time,
 * plays and completions per item; a play is one visitor playing one file on a day, so the share
 * watched is the time watched over plays × the item's mean file length.
 */
export async function readVideoEngagement(context: TenantContext, range: TEngagementRange, byContent: Engagement['byContent']): Promise<VideoEngagement[]> {
  const played = byContent
    .filter((row) => row.plays > 0 || row.watchedSeconds > 0)
    .sort((a, b) => b.watchedSeconds - a.watchedSeconds)
    .slice(0, VIDEO_LIMIT)
  if (played.length === 0) return []
  const itemIds = played.map((row) => row.contentItemId)
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const buckets = await tx
      .select({ contentItemId: analyticsPlaybackBucket.contentItemId, assetId: analyticsPlaybackBucket.assetId, bucket: analyticsPlaybackBucket.bucket, plays: sql<number>`sum(${analyticsPlaybackBucket.plays})::int` })
      .from(analyticsPlaybackBucket)
      .where(and(eq(analyticsPlaybackBucket.companyId, companyId), inArray(analyticsPlaybackBucket.contentItemId, itemIds), between(analyticsPlaybackBucket.day, range.from, range.to)))
      .groupBy(analyticsPlaybackBucket.contentItemId, analyticsPlaybackBucket.assetId, analyticsPlaybackBucket.bucket)
    const assetIds = [...new Set(buckets.map((row) => row.assetId))]
    const lengths = assetIds.length > 0 ? await tx.select({ id: asset.id, name: asset.originalName, durationMs: asset.durationMs }).from(asset).where(and(eq(asset.companyId, companyId), inArray(asset.id, assetIds))) : []
    const lengthOf = new Map(lengths.map((row) => [row.id, row.durationMs === null ? null : row.durationMs / 1000]))
    const nameOf = new Map(lengths.map((row) => [row.id, row.name]))
    const filesOf = new Map<string, Map<string, number[]>>()
    for (const row of buckets) {
      const files = filesOf.get(row.contentItemId) ?? new Map<string, number[]>()
      const strip = files.get(row.assetId) ?? []
      strip[row.bucket] = row.plays
      files.set(row.assetId, strip)
      filesOf.set(row.contentItemId, files)
    }
    return played.map((row) => {
      const files = [...(filesOf.get(row.contentItemId) ?? new Map<string, number[]>())].map(([assetId, strip]) => {
        const durationSeconds = lengthOf.get(assetId) ?? null
        const length = Math.max(strip.length, durationSeconds === null ? 0 : Math.ceil(durationSeconds / HEATMAP_BUCKET_SECONDS))
        return { assetId, name: nameOf.get(assetId) ?? null, durationSeconds, buckets: Array.from({ length }, (_, i) => strip[i] ?? 0) }
      })
      const known = files.map((file) => file.durationSeconds).filter((value): value is number => value !== null && value > 0)
      const meanLength = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : null
      return {
        contentItemId: row.contentItemId,
        title: row.title,
        watchedSeconds: row.watchedSeconds,
        plays: row.plays,
        completions: row.completions,
        averageWatched: meanLength && row.plays > 0 ? Math.min(row.watchedSeconds / (row.plays * meanLength), 1) : null,
        completionRate: row.plays > 0 ? row.completions / row.plays : null,
        files,
      }
    })
  })
}
