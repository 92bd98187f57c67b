import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { assetRendition } from '#db/schema'

/**
 * A rendition named by a width (`w1200`) is read as "at most that wide": a photo narrower than
 * the width has no rendition of it (none is ever enlarged), and its widest smaller one is served
 * instead, so a page asking for `w1200` of a 600-pixel portrait shows it rather than a broken image.
 */
export function renditionUpTo(rendition: string, format: string): { where: SQL; orderBy: SQL } {
  const width = Number(rendition.slice(1))
  return {
    where: and(
      eq(assetRendition.format, format),
      sql`${assetRendition.rendition} ~ '^w[0-9]+$'`,
      sql`substring(${assetRendition.rendition} from 2)::int <= ${width}`,
    ) as SQL,
    orderBy: desc(sql`substring(${assetRendition.rendition} from 2)::int`),
  }
}
