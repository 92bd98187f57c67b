import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { coverOf } from '#app/features/galleries/server/item-columns.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { eventOrder } from './event-order.server'

/** One event of the company, with the highlights attached to it and those that could be. */
export async function getEvent(context: TenantContext, eventId: string) {
  return context.withTenant(async (tx) => {
    const [found] = await tx
      .select()
      .from(event)
      .where(and(eq(event.id, eventId), eq(event.companyId, context.company.id)))
    if (!found) throw new AppError('NOT_FOUND', 'events.errors.notFound')
    const attached = await tx
      .select({
        id: contentItem.id,
        title: contentItem.title,
        kind: contentItem.kind,
        status: contentItem.status,
        coverAssetId: coverOf,
      })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, context.company.id), eq(contentItem.eventId, found.id)))
      .orderBy(...eventOrder)
    const available = await tx
      .select({ id: contentItem.id, title: contentItem.title, kind: contentItem.kind })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.companyId, context.company.id),
          or(isNull(contentItem.eventId), sql`${contentItem.eventId} <> ${found.id}`),
        ),
      )
      .orderBy(asc(contentItem.title))
    // The cover fans see: the event's own, else its first published highlight's (as the event page shows it).
    const shownCoverAssetId =
      found.coverAssetId ??
      attached.find((item) => item.status === 'published' && item.coverAssetId)?.coverAssetId ??
      null
    return { event: { ...found, shownCoverAssetId }, attached, available }
  })
}
