import { and, eq, inArray } from 'drizzle-orm'
import { asset, organization } from '#db/schema'
import type { SystemActor, TenantContext } from '#app/access/context'

/**
 * The company's photos and videos whose renditions carry its watermark, when `version` is still
 * its watermark's version (a later change has queued its own pass: this one has nothing to do).
 */
export async function findAssetsToRewatermark(system: TenantContext<SystemActor>, version: number) {
  const companyId = system.company.id
  return system.withTenant(async (tx) => {
    const [company] = await tx
      .select({ version: organization.watermarkVersion })
      .from(organization)
      .where(eq(organization.id, companyId))
    if (company?.version !== version) return []
    return tx
      .select({ assetId: asset.id })
      .from(asset)
      .where(
        and(
          eq(asset.companyId, companyId),
          inArray(asset.mediaType, ['image', 'video']),
          eq(asset.processingStatus, 'ready'),
          inArray(asset.purpose, ['gallery-media', 'content-file']),
        ),
      )
  })
}
