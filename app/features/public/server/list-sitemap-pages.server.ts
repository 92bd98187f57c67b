import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { publicPathOf } from '#app/features/sharing/server/public-url.server'

/*
 * What a company's sitemap lists (issue 44): its landing and what any fan may open without a
 * password or a PIN: published galleries and single items not past their end, and published
 * events. A draft, an archived item, a protected or ended gallery, a cancelled event is never
 * named, so a search engine is never told it exists. Read as fans read (the company's public
 * read: only its published rows get through at all).
 */

/** The protocol's limit on the addresses of one sitemap file. */
export const SITEMAP_MAX_PAGES = 50_000

export type SitemapPage = {
  /** Under the company's base path: '' for the landing, `/galeria/{slug}`… */
  path: string
  /** When fans last saw it change. */
  lastModified: Date | null
}

/** Open to every fan: published, neither behind a password nor a PIN, not past its end. */
const openToEveryFan = and(
  eq(contentItem.status, 'published'),
  isNull(contentItem.accessPasswordHash),
  isNull(contentItem.downloadPinHash),
  sql`(${contentItem.expiresAt} is null or ${contentItem.expiresAt} > now())`,
)

const itemChangedAt = sql<Date>`greatest(${contentItem.updatedAt}, ${contentItem.publishedAt})`

/** The company's pages a search engine may list, the landing first, each kind newest first. */
export async function listSitemapPages({ company, read }: PublicContext): Promise<SitemapPage[]> {
  const room = SITEMAP_MAX_PAGES - 1
  const { galleries, singles, events } = await read(async (tx) => {
    // One after the other: a transaction's statements share its one connection.
    const galleries = await tx
      .select({ slug: contentItem.slug, changedAt: itemChangedAt })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, company.id), eq(contentItem.kind, 'gallery'), openToEveryFan))
      .orderBy(desc(contentItem.publishedAt), desc(contentItem.id))
      .limit(room)
    const singles = await tx
      .select({ id: contentItem.id, changedAt: itemChangedAt })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, company.id), eq(contentItem.kind, 'single'), openToEveryFan))
      .orderBy(desc(contentItem.publishedAt), desc(contentItem.id))
      .limit(room)
    const events = await tx
      .select({ slug: event.slug, changedAt: event.updatedAt })
      .from(event)
      .where(and(eq(event.companyId, company.id), eq(event.status, 'published')))
      .orderBy(desc(event.startsAt), desc(event.id))
      .limit(room)
    return { galleries, singles, events }
  })
  const pages: SitemapPage[] = [
    ...galleries.flatMap((row) =>
      row.slug
        ? [{ path: publicPathOf({ kind: 'gallery', slug: row.slug }), lastModified: dateOf(row.changedAt) }]
        : [],
    ),
    ...events.map((row) => ({
      path: publicPathOf({ kind: 'event', slug: row.slug }),
      lastModified: dateOf(row.changedAt),
    })),
    ...singles.map((row) => ({
      path: publicPathOf({ kind: 'content', id: row.id }),
      lastModified: dateOf(row.changedAt),
    })),
  ].slice(0, room)
  // The landing shows the newest of them: it changed when they last did.
  const newest = pages.reduce<Date | null>(
    (latest, page) => (page.lastModified && (!latest || page.lastModified > latest) ? page.lastModified : latest),
    null,
  )
  return [{ path: '', lastModified: newest }, ...pages]
}

/** A timestamp as drizzle's `sql` gives it back (a string from a raw expression), as a Date. */
function dateOf(value: Date | string | null) {
  if (value === null) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
