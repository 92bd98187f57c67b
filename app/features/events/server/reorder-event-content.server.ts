import { and, eq, sql } from 'drizzle-orm'
import { contentItem, event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { needs, type TenantContext } from '#app/access/context'
import { getEvent } from './get-event.server'

/**
 * Saves the order of the content on the event's page: `contentItemIds` lists everything attached,
 * first to last, in one statement. A list that is not exactly what is attached (another tab
 * attached or detached something meanwhile) changes nothing and says so.
 */
export const reorderEventContent = needs(
  'events.manage',
  async function reorderEventContent(context: TenantContext, eventId: string, contentItemIds: string[]) {
    const { attached } = await getEvent(context, eventId)
    const known = new Set(attached.map((item) => item.id))
    if (
      contentItemIds.length !== known.size ||
      new Set(contentItemIds).size !== known.size ||
      contentItemIds.some((id) => !known.has(id))
    ) {
      throw new AppError('CONFLICT', 'events.errors.orderChanged')
    }
    await context.withTenant(async (tx) => {
      await tx.execute(sql`
      update ${contentItem} set event_position = ordered.position - 1
      from unnest(${sql.param(contentItemIds)}::uuid[]) with ordinality as ordered(id, position)
      where ${contentItem.id} = ordered.id and ${contentItem.companyId} = ${context.company.id} and ${contentItem.eventId} = ${eventId}
        and ${contentItem.eventPosition} is distinct from ordered.position - 1`)
      await tx
        .update(event)
        .set({ updatedAt: new Date() })
        .where(and(eq(event.id, eventId), eq(event.companyId, context.company.id)))
    })
  },
)
