import { eq } from 'drizzle-orm'
import { event } from '#db/schema'
import { needs, type TenantContext } from '#app/access/context'
import type { TEventForm } from '../events.schema'
import { ensureEventSlugFree } from './ensure-event-slug-free.server'
import { getEvent } from './get-event.server'

export const updateEvent = needs(
  'events.manage',
  async function updateEvent(context: TenantContext, eventId: string, form: TEventForm) {
    await getEvent(context, eventId)
    await ensureEventSlugFree(context, form.slug, eventId)
    await context.withTenant((tx) =>
      tx
        .update(event)
        .set({ ...form, updatedAt: new Date() })
        .where(eq(event.id, eventId)),
    )
  },
)
