import { and, eq } from 'drizzle-orm'
import { event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'

/** An event's address is unique in its company (CONFLICT on the slug field otherwise). */
export async function ensureEventSlugFree(context: TenantContext, slug: string, exceptId?: string) {
  const [taken] = await context.withTenant((tx) =>
    tx
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.companyId, context.company.id), eq(event.slug, slug))),
  )
  if (taken && taken.id !== exceptId) throw new AppError('CONFLICT', 'events.errors.slugTaken', { field: 'slug' })
}
