import { and, eq, sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { assertRoomForItemInEvent, lockCompanyMedia } from '#app/features/media/server/plan-limits.server'
import { AppError } from '#app/lib/errors'
import { needs, type TenantContext } from '#app/access/context'
import { getEvent } from './get-event.server'

/** Attaches one of the company's content items to the event, last on its page, or detaches it (`attach` false). */
export const attachContent = needs(
  'events.manage',
  async function attachContent(context: TenantContext, eventId: string, contentItemId: string, attach: boolean) {
    await getEvent(context, eventId)
    const updated = await context.withTenant(async (tx) => {
      // The item's photos join the event's: they count against the plan's photos per event.
      if (attach) {
        await lockCompanyMedia(tx, context.company.id)
        await assertRoomForItemInEvent(tx, context, contentItemId, eventId)
      }
      return tx
        .update(contentItem)
        .set({
          eventId: attach ? eventId : null,
          eventPosition: attach
            ? sql`(select coalesce(max(placed.event_position) + 1, 0) from ${contentItem} as placed where placed.event_id = ${eventId} and placed.id <> ${contentItemId})`
            : null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(contentItem.id, contentItemId),
            eq(contentItem.companyId, context.company.id),
            attach ? sql`true` : eq(contentItem.eventId, eventId),
          ),
        )
        .returning({ id: contentItem.id })
    })
    if (updated.length === 0) throw new AppError('NOT_FOUND', 'content.errors.notFound')
  },
)
