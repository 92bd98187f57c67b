import { eq, inArray, sql } from 'drizzle-orm'
import { asset, assetRendition } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { waitUntil } from './wait'

type AssetRow = typeof asset.$inferSelect

/** The asset's row once `until` holds: processing runs in the app's job worker, after the upload answered. */
export async function waitForAsset(assetId: string, until: (row: AssetRow) => boolean, timeoutMs = 30_000) {
  let row: AssetRow | undefined
  return waitUntil(
    async () => {
      ;[row] = await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, assetId)))
      return row && until(row) ? row : undefined
    },
    { timeoutMs, intervalMs: 250, message: () => `asset ${assetId} did not get there: ${JSON.stringify(row)}` },
  )
}

/** Until every asset has its renditions; one that failed ends the wait at once (it will not recover). */
export async function waitForAssetsReady(assetIds: string[], timeoutMs = 40_000) {
  let statuses: { id: string; status: string; error: string | null }[] = []
  await waitUntil(
    async () => {
      statuses = await withSystem((tx) =>
        tx
          .select({ id: asset.id, status: asset.processingStatus, error: asset.processingError })
          .from(asset)
          .where(inArray(asset.id, assetIds.filter(Boolean))),
      )
      const failed = statuses.find((row) => row.status === 'failed')
      if (failed) throw new Error(`asset ${failed.id} failed processing: ${failed.error}`)
      return assetIds.every((id) => statuses.find((row) => row.id === id)?.status === 'ready')
    },
    { timeoutMs, intervalMs: 250, message: () => `renditions not ready: ${JSON.stringify(statuses)}` },
  )
}

/**
 * `count` more photos in a gallery, made in one statement from a processed one: rows of their
 * own (positions after the gallery's last), sharing the original's stored renditions. For
 * galleries of hundreds or thousands of photos without processing each.
 */
export async function copyReadyPhoto(sourceAssetId: string, count: number) {
  return withSystem(async (tx) => {
    const [source] = await tx.select().from(asset).where(eq(asset.id, sourceAssetId))
    const renditions = await tx.select().from(assetRendition).where(eq(assetRendition.assetId, sourceAssetId))
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${asset.position}), -1)::int` })
      .from(asset)
      .where(eq(asset.contentItemId, source.contentItemId!))
    const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = source
    const ids: string[] = []
    // Batches keep each statement's parameters under PostgreSQL's limit.
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, offset) => ({
        ...copy,
        position: last + 1 + start + offset,
        originalName: `copy-${start + offset + 1}.jpg`,
      }))
      const inserted = await tx.insert(asset).values(batch).returning({ id: asset.id })
      ids.push(...inserted.map((row) => row.id))
      await tx.insert(assetRendition).values(
        inserted.flatMap((row) =>
          renditions.map(({ assetId: _asset, createdAt: _made, ...rendition }) => ({
            ...rendition,
            assetId: row.id,
          })),
        ),
      )
    }
    return ids
  })
}
