import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { DownloadMode, GalleryProtectionState } from '../protection'

/** A gallery's protection as its editor shows it: whether each secret is set, never the secret. */
export async function getGalleryProtection(context: TenantContext, galleryId: string): Promise<GalleryProtectionState> {
  const [row] = await context.withTenant((tx) =>
    tx
      .select({
        passwordHash: contentItem.accessPasswordHash,
        expiresAt: contentItem.expiresAt,
        downloadMode: contentItem.downloadMode,
        pinHash: contentItem.downloadPinHash,
      })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.id, galleryId),
          eq(contentItem.companyId, context.company.id),
          eq(contentItem.kind, 'gallery'),
        ),
      ),
  )
  if (!row) throw new AppError('NOT_FOUND', 'content.errors.notFound')
  return {
    hasPassword: Boolean(row.passwordHash),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadMode: row.downloadMode as DownloadMode,
    hasPin: Boolean(row.pinHash),
    allowed: context.entitlements.galleryProtection,
  }
}
