import { and, asc, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { PublicContext } from '#app/access/context'

/** An event's published galleries with Find me on, for its page's invitation (none where the plan lacks Find me). */
export async function findEventFindMeGalleries(context: Pick<PublicContext, 'read' | 'entitlements'>, eventId: string) {
  if (!context.entitlements.findMe) return []
  return context.read((tx) =>
    tx
      .select({ slug: contentItem.slug, title: contentItem.title })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.eventId, eventId),
          eq(contentItem.kind, 'gallery'),
          eq(contentItem.status, 'published'),
          eq(contentItem.findMe, true),
        ),
      )
      .orderBy(asc(contentItem.eventPosition), asc(contentItem.title)),
  )
}
