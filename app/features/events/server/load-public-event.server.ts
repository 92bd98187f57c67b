import { and, eq } from 'drizzle-orm'
import { event, organization } from '#db/schema'
import { withPublicRead } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import type { EVENT_FILTERS } from '#app/features/public/components/filter-tabs'
import { getPublicEvent } from '#app/features/events/server/get-public-event.server'
import { type NotFoundDetails, type PublicContext } from '#app/access/context'

/** Everything a company's event page shows, at `/{clientSlug}/evento/{eventSlug}` or on its subdomain. */
export async function loadPublicEvent(
  context: PublicContext,
  input: { eventSlug: string; filter: (typeof EVENT_FILTERS)[number]; itemsShown?: number },
) {
  return {
    company: context.company,
    basePath: context.basePath,
    ...(await getPublicEvent(context, input.eventSlug, { filter: input.filter, itemsShown: input.itemsShown })),
    filter: input.filter,
  }
}

/**
 * `/event/{slug}` on the platform's own host names no company. Event slugs are unique per
 * company only, so the link is followed when exactly one company has a published event by
 * that name; otherwise it is not found (never a guess between companies).
 */
export async function findEventCompanySlug(eventSlug: string) {
  // Cross-tenant by nature: only published events can be read, and only their company's slug leaves.
  const rows = await withPublicRead(null, (tx) =>
    tx
      .select({ slug: organization.slug })
      .from(event)
      .innerJoin(organization, eq(organization.id, event.companyId))
      .where(and(eq(event.slug, eventSlug), eq(event.status, 'published')))
      .limit(2),
  )
  if (rows.length !== 1)
    throw new AppError('NOT_FOUND', 'public.notFound.event', { home: '/' } satisfies NotFoundDetails)
  return rows[0].slug
}
