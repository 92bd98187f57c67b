import { eq } from 'drizzle-orm'
import { event } from '#db/schema'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import { needs, type TenantContext } from '#app/access/context'
import type { EventStatus } from '../events.schema'
import { getEvent } from './get-event.server'

export const changeEventStatus = needs(
  'events.manage',
  async function changeEventStatus(context: TenantContext, eventId: string, status: EventStatus) {
    await getEvent(context, eventId)
    await context.withTenant(async (tx) => {
      // Read under a lock, so two publishes at once tell the company's systems once.
      const [before] = await tx.select({ status: event.status }).from(event).where(eq(event.id, eventId)).for('update')
      const [updated] = await tx
        .update(event)
        .set({ status, updatedAt: new Date() })
        .where(eq(event.id, eventId))
        .returning({ id: event.id, slug: event.slug, title: event.title, startsAt: event.startsAt })
      if (status === 'published' && before && before.status !== 'published' && updated) {
        await emitWebhookEvent(tx, context.company.id, 'event.published', {
          id: updated.id,
          slug: updated.slug,
          title: updated.title,
          startsAt: updated.startsAt?.toISOString() ?? null,
        })
      }
    })
  },
)
