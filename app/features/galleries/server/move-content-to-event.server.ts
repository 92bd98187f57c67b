import { and, eq, inArray } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { ensureCompanyEvent } from '#app/features/events/server/ensure-company-event.server'
import { assertRoomForItemInEvent, lockCompanyMedia } from '#app/features/media/server/plan-limits.server'
import type { TenantContext } from '#app/access/context'
import { ensureCanEditContent, findContentItems } from './get-content-item.server'

/** Puts a selection of items in one event (or in none), all or none. */
export async function moveContentToEvent(context: TenantContext, contentItemIds: string[], eventId: string | null) {
  await ensureCompanyEvent(context, eventId)
  await context.withTenant(async (tx) => {
    const items = await findContentItems(tx, context, contentItemIds)
    for (const item of items) ensureCanEditContent(context, item.status)
    if (eventId) {
      // One by one in this transaction: each item's photos are counted with those moved before it.
      await lockCompanyMedia(tx, context.company.id)
      for (const item of items) {
        await assertRoomForItemInEvent(tx, context, item.id, eventId)
        await tx.update(contentItem).set({ eventId, updatedAt: new Date() }).where(eq(contentItem.id, item.id))
      }
      return
    }
    await tx
      .update(contentItem)
      .set({ eventId: null, updatedAt: new Date() })
      .where(
        and(
          inArray(
            contentItem.id,
            items.map((item) => item.id),
          ),
          eq(contentItem.companyId, context.company.id),
        ),
      )
  })
}
