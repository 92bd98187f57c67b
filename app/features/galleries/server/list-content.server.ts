import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { coverOf } from '#app/features/galleries/server/item-columns.server'
import { isSearchTooLong } from '#app/lib/list-search'
import type { TenantContext } from '#app/access/context'
import type { ContentSort, TContentFilters } from '../content.schema'

const ORDER: Record<ContentSort, SQL[]> = {
  updated: [desc(contentItem.updatedAt)],
  created: [desc(contentItem.createdAt)],
  title: [asc(sql`lower(${contentItem.title})`), desc(contentItem.updatedAt)],
  views: [desc(contentItem.viewCount), desc(contentItem.updatedAt)],
}

/** Where a page of the list starts: after this item, newest first (`position` is its exact creation time as text). */
export type ContentPage = { after: { position: string; id: string } | null; limit: number }

/**
 * Highlights: the company's content and galleries with the cover fans see, their event and counts.
 * With `page` (the API), newest first by creation and cut after `page.after`, so items added
 * meanwhile never shift a page; one more row than asked tells whether there is a next page.
 */
export async function listContent(context: TenantContext, filters: TContentFilters, page?: ContentPage) {
  const conditions: SQL[] = [eq(contentItem.companyId, context.company.id)]
  if (page?.after)
    conditions.push(
      sql`(${contentItem.createdAt}, ${contentItem.id}) < (${page.after.position}::timestamptz, ${page.after.id}::uuid)`,
    )
  if (filters.status) conditions.push(eq(contentItem.status, filters.status))
  if (filters.kind) conditions.push(eq(contentItem.kind, filters.kind))
  if (filters.event)
    conditions.push(filters.event === 'none' ? isNull(contentItem.eventId) : eq(contentItem.eventId, filters.event))
  // A search past the limit matches nothing; the page says why.
  if (filters.q)
    conditions.push(
      isSearchTooLong(filters.q)
        ? sql`false`
        : ilike(contentItem.title, `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`),
    )
  return context.withTenant((tx) =>
    tx
      .select({
        id: contentItem.id,
        kind: contentItem.kind,
        title: contentItem.title,
        status: contentItem.status,
        category: contentItem.category,
        viewCount: contentItem.viewCount,
        downloadCount: contentItem.downloadCount,
        updatedAt: contentItem.updatedAt,
        createdAt: contentItem.createdAt,
        // Microseconds kept (a Date would round them away and a page could skip an item).
        position: sql<string>`${contentItem.createdAt}::text`,
        coverAssetId: coverOf,
        eventId: contentItem.eventId,
        eventTitle: event.title,
        // Written out in full: inside a sub-select, drizzle's unqualified column names would bind to the inner table.
        mediaCount: sql<number>`(select count(*)::int from assets as files where files.content_item_id = content_items.id)`,
        // What fans see under the item (one index range per row: comments_content_status_created_idx).
        commentCount: sql<number>`(select count(*)::int from comments as shown where shown.content_item_id = content_items.id and shown.status = 'approved')`,
      })
      .from(contentItem)
      .leftJoin(event, and(eq(event.id, contentItem.eventId), eq(event.companyId, contentItem.companyId)))
      .where(and(...conditions))
      .orderBy(...(page ? [desc(contentItem.createdAt), desc(contentItem.id)] : ORDER[filters.sort ?? 'updated']))
      .limit(page ? page.limit + 1 : 200),
  )
}

export type LibraryItem = Awaited<ReturnType<typeof listContent>>[number]
