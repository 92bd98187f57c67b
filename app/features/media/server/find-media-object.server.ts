import { and, eq } from 'drizzle-orm'
import { asset, assetRendition } from '#db/schema'
import type { TenantContext } from '#app/access/context'
import { renditionUpTo } from './rendition-up-to.server'

const VARIANT = /^(original|w\d{2,4}\.(webp|jpeg))$/

/** The storage key of an asset's original or rendition, if the asset is the context's company's. */
export async function findMediaObject(context: TenantContext, assetId: string, variant: string) {
  if (!VARIANT.test(variant)) return null
  return context.withTenant(async (tx) => {
    const [file] = await tx
      .select({ storageKey: asset.storageKey, originalName: asset.originalName })
      .from(asset)
      .where(and(eq(asset.id, assetId), eq(asset.companyId, context.company.id)))
    if (!file) return null
    if (variant === 'original') return { key: file.storageKey, downloadName: file.originalName, isRendition: false }
    const [rendition, format] = variant.split('.')
    const upTo = renditionUpTo(rendition, format)
    const [row] = await tx
      .select({ storageKey: assetRendition.storageKey })
      .from(assetRendition)
      .where(and(eq(assetRendition.assetId, assetId), upTo.where))
      .orderBy(upTo.orderBy)
      .limit(1)
    return row ? { key: row.storageKey, downloadName: undefined, isRendition: true } : null
  })
}
