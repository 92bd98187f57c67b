import { and, between, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { analyticsPlaybackBucket, asset } from '#db/schema'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { HEATMAP_BUCKET_SECONDS } from '../analytics-events'
import { ZEngagementRange } from './read-engagement.server'

export type FileHeatmap = { assetId: string; name: string | null; durationSeconds: number | null; buckets: number[] }

/**
 * The re-watch heatmaps of one item's files over a range: plays of each 2-second slice of each
 * file's timeline (Professional). Read when the admin opens a row, not with the page: a company's
 * fifty most watched videos hold over a million slice-days in 90 days (ADR 062, bench:
 * analytics-queries), one item's a few tens of thousands.
 */
export async function readItemHeatmaps(
  context: TenantContext,
  itemInput: unknown,
  rangeInput: unknown,
): Promise<FileHeatmap[]> {
  requireEntitlement(context.entitlements, 'detailedAnalytics', 'analytics.errors.plan')
  const item = z.uuid().safeParse(itemInput)
  if (!item.success) throw new AppError('BAD_REQUEST', 'analytics.admin.errors.heatmap')
  const range = ZEngagementRange.safeParse(rangeInput)
  if (!range.success) throw new AppError('BAD_REQUEST', 'analytics.errors.range')
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const rows = await tx
      .select({
        assetId: analyticsPlaybackBucket.assetId,
        bucket: analyticsPlaybackBucket.bucket,
        plays: sql<number>`sum(${analyticsPlaybackBucket.plays})::int`,
      })
      .from(analyticsPlaybackBucket)
      .where(
        and(
          eq(analyticsPlaybackBucket.companyId, companyId),
          eq(analyticsPlaybackBucket.contentItemId, item.data),
          between(analyticsPlaybackBucket.day, range.data.from, range.data.to),
        ),
      )
      .groupBy(analyticsPlaybackBucket.assetId, analyticsPlaybackBucket.bucket)
    const strips = new Map<string, number[]>()
    for (const row of rows) {
      const strip = strips.get(row.assetId) ?? []
      strip[row.bucket] = row.plays
      strips.set(row.assetId, strip)
    }
    if (strips.size === 0) return []
    const files = await tx
      .select({ id: asset.id, name: asset.originalName, durationMs: asset.durationMs })
      .from(asset)
      .where(and(eq(asset.companyId, companyId), inArray(asset.id, [...strips.keys()])))
    const fileOf = new Map(files.map((row) => [row.id, row]))
    return [...strips].map(([assetId, strip]) => {
      const file = fileOf.get(assetId)
      const durationSeconds = file?.durationMs == null ? null : file.durationMs / 1000
      const length = Math.max(
        strip.length,
        durationSeconds === null ? 0 : Math.ceil(durationSeconds / HEATMAP_BUCKET_SECONDS),
      )
      return {
        assetId,
        name: file?.name ?? null,
        durationSeconds,
        buckets: Array.from({ length }, (_, i) => strip[i] ?? 0),
      }
    })
  })
}
