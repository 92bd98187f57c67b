import { eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { ensureCompanyEvent } from '#app/features/events/server/ensure-company-event.server'
import { assertRoomForItemInEvent, lockCompanyMedia } from '#app/features/media/server/plan-limits.server'
import type { TenantContext } from '#app/access/context'
import type { TContentDetails } from '../content.schema'
import { ensureCanEditContent, getContentItem } from './get-content-item.server'

export async function updateContentDetails(context: TenantContext, contentItemId: string, details: TContentDetails) {
  const item = await getContentItem(context, contentItemId)
  ensureCanEditContent(context, item.status)
  await ensureCompanyEvent(context, details.eventId)
  await context.withTenant(async (tx) => {
    // Moving a gallery into an event brings its photos: they count against the plan's photos per event.
    if (details.eventId) {
      await lockCompanyMedia(tx, context.company.id)
      await assertRoomForItemInEvent(tx, context, item.id, details.eventId)
    }
    await tx
      .update(contentItem)
      .set({ ...details, updatedAt: new Date() })
      .where(eq(contentItem.id, item.id))
  })
}
