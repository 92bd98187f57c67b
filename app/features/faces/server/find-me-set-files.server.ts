import { and, eq, gt, sql } from 'drizzle-orm'
import { findMeSearch } from '#db/schema'
import type { PublicContext } from '#app/access/context'

/** A fan's set of this gallery whose link still works. */
export const openSet = (setId: string, galleryId: string, now = new Date()) =>
  and(eq(findMeSearch.id, setId), eq(findMeSearch.contentItemId, galleryId), gt(findMeSearch.expiresAt, now))

/**
 * The photos of a fan's Find me set, for its ZIP (the gallery's download rules apply as to the
 * whole gallery's); null when the set is not this gallery's or has expired. Counts the download
 * with the search, for the company's figures.
 */
export async function takeFindMeSetFiles(context: Pick<PublicContext, 'record'>, galleryId: string, setId: string) {
  const [search] = await context.record((tx) =>
    tx
      .update(findMeSearch)
      .set({ downloads: sql`${findMeSearch.downloads} + 1` })
      .where(openSet(setId, galleryId))
      .returning({ assetIds: findMeSearch.assetIds }),
  )
  return search ? new Set(search.assetIds) : null
}

/** The same photos, without counting a download (a HEAD request checking the ZIP is there). */
export async function peekFindMeSetFiles(context: Pick<PublicContext, 'record'>, galleryId: string, setId: string) {
  const [search] = await context.record((tx) =>
    tx.select({ assetIds: findMeSearch.assetIds }).from(findMeSearch).where(openSet(setId, galleryId)),
  )
  return search ? new Set(search.assetIds) : null
}
