import { and, eq } from 'drizzle-orm'
import { event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'

/** An event id from a form is used only if the event is this company's. */
export async function ensureCompanyEvent(context: TenantContext, eventId: string | null) {
  if (!eventId) return
  const [found] = await context.withTenant((tx) =>
    tx
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.id, eventId), eq(event.companyId, context.company.id))),
  )
  if (!found) throw new AppError('NOT_FOUND', 'events.errors.notFound', { field: 'eventId' })
}
