import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { findMeSearch } from '#db/schema'
import type { TenantContext } from '#app/access/context'

export type FindMeFigures = { searches: number; withMatch: number; photosFound: number; downloads: number }

/**
 * Find me in the admin's analytics, over a range of UTC days: fans' searches, those that found
 * photos, the photos found, and the found sets' ZIPs downloaded. Null when no gallery was searched
 * (the page then shows nothing of it).
 */
export async function readFindMeFigures(
  context: TenantContext,
  range: { from: string; to: string },
): Promise<FindMeFigures | null> {
  const [figures] = await context.withTenant((tx) =>
    tx
      .select({
        searches: sql<number>`count(*)::int`,
        withMatch: sql<number>`count(*) filter (where cardinality(${findMeSearch.assetIds}) > 0)::int`,
        photosFound: sql<number>`coalesce(sum(cardinality(${findMeSearch.assetIds})), 0)::int`,
        downloads: sql<number>`coalesce(sum(${findMeSearch.downloads}), 0)::int`,
      })
      .from(findMeSearch)
      .where(
        and(
          eq(findMeSearch.companyId, context.company.id),
          gte(findMeSearch.consentedAt, new Date(`${range.from}T00:00:00Z`)),
          lt(findMeSearch.consentedAt, sql`${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day'`),
        ),
      ),
  )
  return figures && figures.searches > 0 ? figures : null
}
