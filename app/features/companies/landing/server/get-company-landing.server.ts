import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { withoutSorting } from '#app/lib/db.server'
import { LANDING_EVENTS_AT_ONCE, LANDING_GALLERIES_AT_ONCE } from '#app/features/public/page-batches'
import type { PublicContext } from '#app/access/context'
import { coverOf, fileTypeOf, keptCount } from '#app/features/galleries/server/item-columns.server'
import type { GalleryTab } from '#app/features/galleries/fans/server/gallery-page.server'

/* A company's landing page as fans see it: its newest published galleries and events. */

/**
 * What a company's landing lists: its newest published galleries (on `tab`) and events, the first
 * `galleriesShown` and `eventsShown` of them with how many more there are, the galleries' counts
 * per tab, and its general resources.
 */
export async function getCompanyLanding(
  { company, read }: PublicContext,
  options: { tab?: GalleryTab; galleriesShown?: number; eventsShown?: number } = {},
) {
  const { tab = 'all', galleriesShown = LANDING_GALLERIES_AT_ONCE, eventsShown = LANDING_EVENTS_AT_ONCE } = options
  const publishedGalleries = and(
    eq(contentItem.companyId, company.id),
    eq(contentItem.kind, 'gallery'),
    eq(contentItem.status, 'published'),
    sql`(${contentItem.expiresAt} is null or ${contentItem.expiresAt} > now())`,
  )
  const onTab = tab === 'all' ? undefined : sql`${keptCount(tab)} > 0`
  const publishedEvents = and(eq(event.companyId, company.id), eq(event.status, 'published'))
  // Each gallery's cover, where none was chosen its first photo: down its index, never its photos sorted.
  return read((tx) =>
    withoutSorting(tx, async () => {
      // The newest first; how many more follow comes from the tabs' counts.
      const galleries = await tx
        .select({
          id: contentItem.id,
          slug: contentItem.slug,
          title: contentItem.title,
          happenedOn: contentItem.happenedOn,
          location: contentItem.location,
          coverAssetId: coverOf,
          photos: keptCount('photos'),
          videos: keptCount('videos'),
        })
        .from(contentItem)
        .where(and(publishedGalleries, onTab))
        .orderBy(desc(contentItem.publishedAt), desc(contentItem.id))
        .limit(galleriesShown)
      // Counted by the database with each gallery's kept counts (migration 0045): one row however many.
      const [counted] = (
        await tx.execute(sql`select galleries, with_photos, with_videos from app_landing_gallery_counts(${company.id})`)
      ).rows as Array<{ galleries: number; with_photos: number; with_videos: number }>
      const galleryCounts = { all: counted.galleries, photos: counted.with_photos, videos: counted.with_videos }
      const events = await tx
        .select({
          id: event.id,
          slug: event.slug,
          title: event.title,
          startsAt: event.startsAt,
          venue: event.venue,
          location: event.location,
          isFree: event.isFree,
          spots: event.spots,
          coverAssetId: event.coverAssetId,
        })
        .from(event)
        .where(publishedEvents)
        .orderBy(desc(event.startsAt), desc(event.id))
        // One more than shown tells whether more follow: only then are they counted.
        .limit(eventsShown + 1)
      const [eventCount] =
        events.length > eventsShown
          ? await tx.select({ all: sql<number>`count(*)::int` }).from(event).where(publishedEvents)
          : [{ all: events.length }]
      // "General resources": single content that belongs to no event, opened in the player.
      const resources = await tx
        .select({
          id: contentItem.id,
          title: contentItem.title,
          happenedOn: contentItem.happenedOn,
          coverAssetId: coverOf,
          mediaType: fileTypeOf,
        })
        .from(contentItem)
        .where(
          and(
            eq(contentItem.companyId, company.id),
            eq(contentItem.kind, 'single'),
            eq(contentItem.status, 'published'),
            isNull(contentItem.eventId),
          ),
        )
        .orderBy(desc(contentItem.publishedAt))
      // The next of its galleries to end: the landing changes by itself then.
      const [ending] = await tx
        .select({ nextEnd: sql<string | null>`min(${contentItem.expiresAt})` })
        .from(contentItem)
        .where(publishedGalleries)
      return {
        galleries,
        nextEnd: ending?.nextEnd ?? null,
        /** Published galleries in all, and those with photos, with videos (the tabs' counts). */
        galleryCounts,
        /** How many galleries on this tab are not shown yet. */
        galleriesHidden: galleryCounts[tab] - galleries.length,
        events: events.slice(0, eventsShown),
        eventsHidden: eventCount.all - Math.min(events.length, eventsShown),
        resources,
      }
    }),
  )
}
