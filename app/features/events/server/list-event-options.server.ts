import { asc, desc, eq } from 'drizzle-orm'
import { event } from '#db/schema'
import type { TenantContext } from '#app/access/context'

/** Events to choose from in content forms. */
export async function listEventOptions(context: TenantContext) {
  return context.withTenant((tx) =>
    tx
      .select({ id: event.id, title: event.title })
      .from(event)
      .where(eq(event.companyId, context.company.id))
      .orderBy(desc(event.startsAt), asc(event.title)),
  )
}
