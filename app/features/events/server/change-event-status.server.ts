import { eq } from 'drizzle-orm'
import { event } from '#db/schema'
import type { TenantContext } from '#app/lib/tenant.server'
import type { EventStatus } from '../events.schema'
import { getEvent } from './get-event.server'

export async function changeEventStatus(context: TenantContext, eventId: string, status: EventStatus) {
  await getEvent(context, eventId)
  await context.withTenant((tx) => tx.update(event).set({ status, updatedAt: new Date() }).where(eq(event.id, eventId)))
}
