import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { TenantContext } from '#app/lib/tenant.server'
import type { TContentFilters } from '../content.schema'

/** The Highlights list: the company's content and galleries, newest first, with their counts. */
export async function listContent(context: TenantContext, filters: TContentFilters) {
  const conditions: SQL[] = [eq(contentItem.companyId, context.company.id)]
  if (filters.status) conditions.push(eq(contentItem.status, filters.status))
  if (filters.kind) conditions.push(eq(contentItem.kind, filters.kind))
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
        // Written out in full: inside a sub-select, drizzle's unqualified column names would bind to the inner table.
        mediaCount: sql<number>`(select count(*)::int from assets as files where files.content_item_id = content_items.id)`,
        // What fans see under the item (one index range per row: comments_content_status_created_idx).
        commentCount: sql<number>`(select count(*)::int from comments as shown where shown.content_item_id = content_items.id and shown.status = 'approved')`,
      })
      .from(contentItem)
      .where(and(...conditions))
      .orderBy(desc(contentItem.updatedAt))
      .limit(200),
  )
}
