import { eq } from 'drizzle-orm'
import { asset, organization } from '#db/schema'
import { and, desc, inArray } from 'drizzle-orm'
import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/access/context'
import type { WatermarkPosition } from '../watermark'

/** The watermark settings page: the current watermark's layout, whether one is set, and a photo of the company's to preview it on. */
export async function getWatermark(context: TenantContext) {
  return context.withTenant(async (tx) => {
    const [company] = await tx
      .select({
        key: organization.watermarkKey,
        position: organization.watermarkPosition,
        scale: organization.watermarkScale,
        opacity: organization.watermarkOpacity,
        version: organization.watermarkVersion,
      })
      .from(organization)
      .where(eq(organization.id, context.company.id))
    if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
    const [sample] = await tx
      .select({ id: asset.id })
      .from(asset)
      .where(
        and(
          eq(asset.companyId, context.company.id),
          eq(asset.mediaType, 'image'),
          eq(asset.processingStatus, 'ready'),
          inArray(asset.purpose, ['gallery-media', 'content-file']),
        ),
      )
      .orderBy(desc(asset.createdAt))
      .limit(1)
    return {
      hasWatermark: Boolean(company.key),
      version: company.version,
      layout: { position: company.position as WatermarkPosition, scale: company.scale, opacity: company.opacity },
      sampleAssetId: sample?.id ?? null,
      canEdit: actorCan(context, 'company.manage'),
    }
  })
}

/** The current watermark's PNG, for the settings page's preview (members only). */
export async function findWatermarkKey(context: TenantContext) {
  const [company] = await context.withTenant((tx) =>
    tx.select({ key: organization.watermarkKey }).from(organization).where(eq(organization.id, context.company.id)),
  )
  return company?.key ?? null
}
