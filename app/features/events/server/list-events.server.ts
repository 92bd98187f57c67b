import { desc, eq, sql } from 'drizzle-orm'
import { event } from '#db/schema'
import type { TenantContext } from '#app/lib/tenant.server'

/** The company's events, latest first, with how much content each has. */
export async function listEvents(context: TenantContext) {
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
      })
      .from(event)
      .where(eq(event.companyId, context.company.id))
      .orderBy(desc(event.startsAt), desc(event.createdAt)),
  )
}
