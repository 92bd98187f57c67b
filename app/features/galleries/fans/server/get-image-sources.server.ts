import { and, asc, eq } from 'drizzle-orm'
import { assetRendition } from '#db/schema'
import type { PublicContext } from '#app/access/context'

/** An image's WebP renditions, smallest first, for `srcset` (only the widths that were made). */
export async function getImageSources({ read }: PublicContext, assetId: string) {
  return read(async (tx) => {
    const rows = await tx
      .select({ name: assetRendition.rendition, width: assetRendition.width })
      .from(assetRendition)
      .where(and(eq(assetRendition.assetId, assetId), eq(assetRendition.format, 'webp')))
      .orderBy(asc(assetRendition.width))
    return rows
  })
}
