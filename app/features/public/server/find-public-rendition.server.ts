import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { asset, assetRendition, contentItem, event } from '#db/schema'
import { withPublicRead } from '#app/lib/db.server'
import { COMPANY_IMAGE_PURPOSES } from '#app/features/media/upload-rules'
import { getEntitlements } from '#app/features/billing/entitlements'
import { renditionUpTo } from '#app/features/media/server/rendition-up-to.server'

/*
 * A file of a gallery behind a password or with an end date (on a plan that includes it) goes
 * only to fans holding its cookie, and to nobody after the end; its chosen cover stays public
 * (the landing and link previews show it, ADR 059). Written out in full: drizzle's unqualified
 * names would bind to the inner tables.
 */
const galleryGuard = sql<{
  galleryId: string
  passwordHash: string | null
  expiresAt: string | null
  plan: string
  planValidUntil: string | null
} | null>`(
  select json_build_object('galleryId', g.id, 'passwordHash', g.access_password_hash, 'expiresAt', g.expires_at, 'plan', c.plan, 'planValidUntil', c.plan_valid_until)
  from content_items as g join companies as c on c.id = g.company_id
  where g.id = assets.content_item_id and (g.access_password_hash is not null or g.expires_at is not null)
    and g.cover_asset_id is distinct from assets.id)`

export type FileGuard = { galleryId: string; passwordHash: string | null; expiresAt: Date | null }

function guardOf(
  row: {
    galleryId: string
    passwordHash: string | null
    expiresAt: string | null
    plan: string
    planValidUntil: string | null
  } | null,
): FileGuard | undefined {
  if (!row || !getEntitlements(row).galleryProtection) return undefined
  return {
    galleryId: row.galleryId,
    passwordHash: row.passwordHash,
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
  }
}

const VARIANT = /^(w\d{2,4})\.(webp|jpeg)$/

/**
 * The original of a published video, audio or PDF file, for playback and the browser's PDF
 * viewer (photos go out as renditions; other files only as downloads).
 */
export async function findPublicStream(assetId: string) {
  return withPublicRead(null, async (tx) => {
    const [row] = await tx
      .select({ companyId: asset.companyId, storageKey: asset.storageKey, guard: galleryGuard })
      .from(asset)
      .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
      .where(
        and(
          eq(asset.id, assetId),
          eq(contentItem.status, 'published'),
          inArray(asset.mediaType, ['video', 'audio', 'pdf']),
        ),
      )
    return row ? { companyId: row.companyId, storageKey: row.storageKey, guard: guardOf(row.guard) } : null
  })
}

/**
 * A rendition fans may load: of a file in a published item, or the cover of a published item
 * or event. Originals are never served here.
 */
export async function findPublicRendition(assetId: string, variant: string) {
  const match = VARIANT.exec(variant)
  if (!match) return null
  const [, rendition, format] = match
  // Cross-tenant by nature (the URL names no company): the database lets only what fans may see
  // through (public read), and the checks below say the same.
  const upTo = renditionUpTo(rendition, format)
  return withPublicRead(null, async (tx) => {
    const [row] = await tx
      .select({ companyId: asset.companyId, storageKey: assetRendition.storageKey, guard: galleryGuard })
      .from(assetRendition)
      .innerJoin(asset, eq(asset.id, assetRendition.assetId))
      .where(
        and(
          eq(assetRendition.assetId, assetId),
          upTo.where,
          or(
            sql`exists (select 1 from ${contentItem} where ${contentItem.id} = ${asset.contentItemId} and ${contentItem.status} = 'published')`,
            sql`exists (select 1 from ${contentItem} where ${contentItem.coverAssetId} = ${asset.id} and ${contentItem.status} = 'published')`,
            sql`exists (select 1 from ${event} where ${event.coverAssetId} = ${asset.id} and ${event.status} = 'published')`,
            sql`exists (select 1 from ${asset} as owner join ${contentItem} on ${contentItem.id} = owner.content_item_id where owner.custom_thumbnail_asset_id = ${asset.id} and ${contentItem.status} = 'published')`,
            // A company's logo and hero head all its public pages.
            inArray(asset.purpose, [...COMPANY_IMAGE_PURPOSES]),
          ),
        ),
      )
      .orderBy(upTo.orderBy)
      .limit(1)
    return row ? { companyId: row.companyId, storageKey: row.storageKey, guard: guardOf(row.guard) } : null
  })
}
