import { and, desc, eq, sql } from 'drizzle-orm'
import { event } from '#db/schema'
import type { ContentPage } from '#app/features/galleries/server/list-content.server'
import type { TenantContext } from '#app/access/context'

/**
 * The company's events, latest first, with how much content each has. With `page` (the API),
 * newest created first and cut after `page.after` (one row more than asked: is there a next page).
 */
export async function listEvents(context: TenantContext, page?: ContentPage) {
  return context.withTenant((tx) =>
    tx
      .select({
        id: event.id,
        title: event.title,
        slug: event.slug,
        status: event.status,
        startsAt: event.startsAt,
        venue: event.venue,
        location: event.location,
        isFree: event.isFree,
        spots: event.spots,
        contentCount: sql<number>`(select count(*)::int from content_items as attached where attached.event_id = events.id)`,
        createdAt: event.createdAt,
        updatedAt: event.updatedAt,
        position: sql<string>`${event.createdAt}::text`,
      })
      .from(event)
      .where(
        and(
          eq(event.companyId, context.company.id),
          page?.after
            ? sql`(${event.createdAt}, ${event.id}) < (${page.after.position}::timestamptz, ${page.after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...(page ? [desc(event.createdAt), desc(event.id)] : [desc(event.startsAt), desc(event.createdAt)]))
      .limit(page ? page.limit + 1 : 10_000),
  )
}
