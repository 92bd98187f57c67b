import { eq, inArray } from 'drizzle-orm'
import { asset } from '#db/schema'
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
      statuses = await withSystem((tx) => tx.select({ id: asset.id, status: asset.processingStatus, error: asset.processingError }).from(asset).where(inArray(asset.id, assetIds.filter(Boolean))))
      const failed = statuses.find((row) => row.status === 'failed')
      if (failed) throw new Error(`asset ${failed.id} failed processing: ${failed.error}`)
      return assetIds.every((id) => statuses.find((row) => row.id === id)?.status === 'ready')
    },
    { timeoutMs, intervalMs: 250, message: () => `renditions not ready: ${JSON.stringify(statuses)}` },
  )
}
