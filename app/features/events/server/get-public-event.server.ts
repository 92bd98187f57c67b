import { and, eq, sql } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { withoutSorting } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { EVENT_ITEMS_AT_ONCE } from '#app/features/public/page-batches'
import type { NotFoundDetails, PublicContext } from '#app/access/context'
import { audioFiles, coverOf, keptCount } from '#app/features/galleries/server/item-columns.server'
import { eventOrder } from './event-order.server'
import type { EventFilter } from '#app/features/galleries/fans/server/gallery-page.server'

/* A published event as fans see it, with the galleries and items attached to it. */

/**
 * A published event with its published galleries and single content in the company's order (on
 * `filter`: those with photos, videos or audio), the first `itemsShown` with how many more there
 * are, and the files of all of them per kind (the filter's counts).
 */
export async function getPublicEvent(
  { company, read }: PublicContext,
  eventSlug: string,
  options: { filter?: EventFilter; itemsShown?: number } = {},
) {
  const { filter = 'all', itemsShown = EVENT_ITEMS_AT_ONCE } = options
  // As on the landing: each gallery's cover found down its index.
  return read((tx) =>
    withoutSorting(tx, async () => {
      const [found] = await tx
        .select({
          id: event.id,
          title: event.title,
          description: event.description,
          startsAt: event.startsAt,
          venue: event.venue,
          location: event.location,
          isFree: event.isFree,
          spots: event.spots,
          coverAssetId: event.coverAssetId,
        })
        .from(event)
        .where(and(eq(event.companyId, company.id), eq(event.slug, eventSlug), eq(event.status, 'published')))
      if (!found)
        throw new AppError('NOT_FOUND', 'public.notFound.event', {
          companyName: company.name,
        } satisfies NotFoundDetails)
      // A gallery past its end is gone from the event's page as from its own.
      const ofEvent = and(
        eq(contentItem.companyId, company.id),
        eq(contentItem.eventId, found.id),
        eq(contentItem.status, 'published'),
        sql`(${contentItem.expiresAt} is null or ${contentItem.expiresAt} > now())`,
      )
      const withFiles = {
        photos: sql`${keptCount('photos')} > 0`,
        videos: sql`${keptCount('videos')} > 0`,
        audios: sql`${audioFiles} > 0`,
      }
      const items = await tx
        .select({
          id: contentItem.id,
          kind: contentItem.kind,
          slug: contentItem.slug,
          title: contentItem.title,
          coverAssetId: coverOf,
          photos: keptCount('photos'),
          videos: keptCount('videos'),
          audios: audioFiles,
        })
        .from(contentItem)
        .where(and(ofEvent, filter === 'all' ? undefined : withFiles[filter]))
        .orderBy(...eventOrder)
        .limit(itemsShown)
      const [totals] = await tx
        .select({
          photos: sql<number>`coalesce(sum(${keptCount('photos')}), 0)::int`,
          videos: sql<number>`coalesce(sum(${keptCount('videos')}), 0)::int`,
          audios: sql<number>`coalesce(sum(${audioFiles}), 0)::int`,
          // The next of them to end: the page changes by itself then.
          nextEnd: sql<string | null>`min(${contentItem.expiresAt})`,
          onFilter:
            filter === 'all'
              ? sql<number>`count(*)::int`
              : sql<number>`(count(*) filter (where ${withFiles[filter]}))::int`,
        })
        .from(contentItem)
        .where(ofEvent)
      const { onFilter, nextEnd, ...files } = totals
      return { event: found, items, files, itemsHidden: onFilter - items.length, nextEnd }
    }),
  )
}
