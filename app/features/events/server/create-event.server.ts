import { event } from '#db/schema'
import { needs, type TenantContext } from '#app/access/context'
import type { TEventForm } from '../events.schema'
import { ensureEventSlugFree } from './ensure-event-slug-free.server'

export const createEvent = needs('events.manage', async function createEvent(context: TenantContext, form: TEventForm) {
  await ensureEventSlugFree(context, form.slug)
  const [created] = await context.withTenant((tx) =>
    tx
      .insert(event)
      .values({ companyId: context.company.id, ...form })
      .returning({ id: event.id }),
  )
  return created
})
