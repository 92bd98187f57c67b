import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { coverOf } from '#app/features/public/server/public-pages.server'
import type { TenantContext } from '#app/lib/tenant.server'
import type { ContentSort, TContentFilters } from '../content.schema'

const ORDER: Record<ContentSort, SQL[]> = {
  updated: [desc(contentItem.updatedAt)],
  created: [desc(contentItem.createdAt)],
  title: [asc(sql`lower(${contentItem.title})`), desc(contentItem.updatedAt)],
  views: [desc(contentItem.viewCount), desc(contentItem.updatedAt)],
}

/** Highlights: the company's content and galleries with the cover fans see, their event and counts. */
export async function listContent(context: TenantContext, filters: TContentFilters) {
  const conditions: SQL[] = [eq(contentItem.companyId, context.company.id)]
  if (filters.status) conditions.push(eq(contentItem.status, filters.status))
  if (filters.kind) conditions.push(eq(contentItem.kind, filters.kind))
  if (filters.event) conditions.push(filters.event === 'none' ? isNull(contentItem.eventId) : eq(contentItem.eventId, filters.event))
  if (filters.q) conditions.push(ilike(contentItem.title, `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`))
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
      .orderBy(...ORDER[filters.sort ?? 'updated'])
      .limit(200),
  )
}

export type LibraryItem = Awaited<ReturnType<typeof listContent>>[number]
