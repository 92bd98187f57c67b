import { and, eq, inArray } from 'drizzle-orm'
import { asset } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { ZFilesAltText } from '../content.schema'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'
import { auditSelectedFiles, findSelectedFiles, touchContentItems } from './selected-files.server'

/**
 * Gives every selected file the same alternative text (what a screen reader says of the photo),
 * all or none. An empty text is refused rather than taken to erase the files' own texts.
 */
export async function setFilesAltText(context: TenantContext, contentItemId: string, assetIds: string[], text: string) {
  const altText = ZFilesAltText.safeParse(text)
  if (!altText.success) throw new AppError('BAD_REQUEST', altText.error.issues[0].message, { field: 'altText' })
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  const ids = await context.withTenant(async (tx) => {
    const ids = (await findSelectedFiles(tx, context, item.id, assetIds)).map((file) => file.id)
    await tx
      .update(asset)
      .set({ altText: altText.data, updatedAt: new Date() })
      .where(and(eq(asset.contentItemId, item.id), inArray(asset.id, ids)))
    await touchContentItems(tx, [item.id])
    return ids
  })
  await auditSelectedFiles(context, 'gallery.files.alt-text', item.id, ids)
}
