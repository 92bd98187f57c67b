import { and, desc, eq, inArray } from 'drizzle-orm'
import { asset, assetRendition } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'

/*
 * Image bytes of stored assets for the images sharing draws (link previews, QR code logos).
 * Renditions are preferred: they are upright, stripped and of a known size.
 */

async function readKey(key: string) {
  try {
    return Buffer.concat(await (await getStorage().read(key)).toArray())
  } catch {
    return null
  }
}

/** The largest web rendition of an asset (a photo, or a video's poster frame), or null while there is none. */
export async function readLargestRendition(
  tx: Transaction,
  assetId: string,
  formats: Array<'webp' | 'jpeg'> = ['webp', 'jpeg'],
) {
  const [rendition] = await tx
    .select({ storageKey: assetRendition.storageKey })
    .from(assetRendition)
    .where(and(eq(assetRendition.assetId, assetId), inArray(assetRendition.format, formats)))
    .orderBy(desc(assetRendition.width), desc(assetRendition.format))
    .limit(1)
  return rendition ? readKey(rendition.storageKey) : null
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/**
 * The company's logo as image bytes, or null when it has none. `logo_url` may name one of the
 * company's stored assets (`/media/{asset}/…`); otherwise its latest uploaded logo is used. A
 * logo on another site is never fetched: the server does not make requests for user-given URLs.
 */
export async function readCompanyLogo(tx: Transaction, company: { id: string; logo: string | null }) {
  if (!company.logo) return null
  const named = UUID.exec(company.logo)?.[0]
  const candidates = await tx
    .select({ id: asset.id, storageKey: asset.storageKey, mimeType: asset.mimeType })
    .from(asset)
    .where(
      and(
        eq(asset.companyId, company.id),
        eq(asset.mediaType, 'image'),
        named ? eq(asset.id, named) : eq(asset.purpose, 'logo'),
      ),
    )
    .orderBy(desc(asset.createdAt))
    .limit(1)
  const found = candidates[0]
  if (!found) return null
  // Logos keep their transparency in the WebP rendition; the original is the fallback (small files).
  return (
    (await readLargestRendition(tx, found.id, ['webp'])) ??
    (found.mimeType.startsWith('image/') ? readKey(found.storageKey) : null)
  )
}
