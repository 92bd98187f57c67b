import { and, between, eq, inArray, sql } from 'drizzle-orm'
import { analyticsDailyFile, asset } from '#db/schema'
import type { TenantContext } from '#app/access/context'
import type { Engagement, TEngagementRange } from './read-engagement.server'

type PlayFigures = {
  watchedSeconds: number
  plays: number
  completions: number
  /** 0..1, null without a known length. */
  averageWatched: number | null
  /** 0..1, null without plays. */
  completionRate: number | null
}

/** One played file of an item and its own figures (its heatmap is read when opened: read-item-heatmaps.server.ts). */
export type FileEngagement = PlayFigures & { assetId: string; name: string | null; durationSeconds: number | null }

export type VideoEngagement = PlayFigures & {
  contentItemId: string
  title: string | null
  files: FileEngagement[]
}

/** A file's share watched and completion rate from its time watched, plays and length. */
function ratesOf(watchedSeconds: number, plays: number, completions: number, lengthSeconds: number | null) {
  return {
    averageWatched: lengthSeconds && plays > 0 ? Math.min(watchedSeconds / (plays * lengthSeconds), 1) : null,
    completionRate: plays > 0 ? completions / plays : null,
  }
}

/** At most this many items are listed: the page stays light for a company with thousands of videos. */
export const VIDEO_LIMIT = 50

/**
 * Per played item (a video or audio, or a gallery holding some): watched time, average share
 * watched, completion rate, and the same figures for each of its files (ADR 062). A play is one visitor playing one file on a day, so an item's share watched is the
 * time watched over plays × the item's mean file length, and a file's over plays × its length.
 */
export async function readVideoEngagement(
  context: TenantContext,
  range: TEngagementRange,
  byContent: Engagement['byContent'],
): Promise<VideoEngagement[]> {
  const played = byContent
    .filter((row) => row.plays > 0 || row.watchedSeconds > 0)
    .sort((a, b) => b.watchedSeconds - a.watchedSeconds)
    .slice(0, VIDEO_LIMIT)
  if (played.length === 0) return []
  const itemIds = played.map((row) => row.contentItemId)
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const perFile = await tx
      .select({
        contentItemId: analyticsDailyFile.contentItemId,
        assetId: analyticsDailyFile.assetId,
        watchedSeconds: sql<number>`sum(${analyticsDailyFile.watchedSeconds})::float8`,
        plays: sql<number>`sum(${analyticsDailyFile.plays})::int`,
        completions: sql<number>`sum(${analyticsDailyFile.completions})::int`,
      })
      .from(analyticsDailyFile)
      .where(
        and(
          eq(analyticsDailyFile.companyId, companyId),
          inArray(analyticsDailyFile.contentItemId, itemIds),
          between(analyticsDailyFile.day, range.from, range.to),
        ),
      )
      .groupBy(analyticsDailyFile.contentItemId, analyticsDailyFile.assetId)
      // The same rows count photos' views and downloads (ADR 063): only files that were played are videos here.
      .having(sql`sum(${analyticsDailyFile.plays}) > 0 or sum(${analyticsDailyFile.watchedSeconds}) > 0`)
    const figuresOf = new Map(perFile.map((row) => [row.assetId, row]))
    const assetIds = [...new Set(perFile.map((row) => row.assetId))]
    const lengths =
      assetIds.length > 0
        ? await tx
            .select({ id: asset.id, name: asset.originalName, durationMs: asset.durationMs })
            .from(asset)
            .where(and(eq(asset.companyId, companyId), inArray(asset.id, assetIds)))
        : []
    const lengthOf = new Map(lengths.map((row) => [row.id, row.durationMs === null ? null : row.durationMs / 1000]))
    const nameOf = new Map(lengths.map((row) => [row.id, row.name]))
    const filesOf = new Map<string, string[]>()
    for (const row of perFile) filesOf.set(row.contentItemId, [...(filesOf.get(row.contentItemId) ?? []), row.assetId])
    return played.map((row) => {
      const files = (filesOf.get(row.contentItemId) ?? []).map((assetId) => {
        const durationSeconds = lengthOf.get(assetId) ?? null
        const figures = figuresOf.get(assetId) ?? { watchedSeconds: 0, plays: 0, completions: 0 }
        return {
          assetId,
          name: nameOf.get(assetId) ?? null,
          durationSeconds,
          watchedSeconds: figures.watchedSeconds,
          plays: figures.plays,
          completions: figures.completions,
          ...ratesOf(figures.watchedSeconds, figures.plays, figures.completions, durationSeconds),
        }
      })
      // Most watched first, as the items are.
      files.sort((a, b) => b.watchedSeconds - a.watchedSeconds || (a.name ?? '').localeCompare(b.name ?? ''))
      const known = files
        .map((file) => file.durationSeconds)
        .filter((value): value is number => value !== null && value > 0)
      const meanLength = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : null
      return {
        contentItemId: row.contentItemId,
        title: row.title,
        watchedSeconds: row.watchedSeconds,
        plays: row.plays,
        completions: row.completions,
        ...ratesOf(row.watchedSeconds, row.plays, row.completions, meanLength),
        files,
      }
    })
  })
}
