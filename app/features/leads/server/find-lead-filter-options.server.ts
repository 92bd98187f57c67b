import { and, asc, eq, exists } from 'drizzle-orm'
import { contentItem, event, lead } from '#db/schema'
import { needs, type TenantContext } from '#app/access/context'

/** The content and events to filter by: only those that brought in at least one lead. */
export const findLeadFilterOptions = needs('leads.read', async function findLeadFilterOptions(context: TenantContext) {
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const contents = await tx
      .select({ id: contentItem.id, title: contentItem.title })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.companyId, companyId),
          exists(tx.select({ one: lead.id }).from(lead).where(eq(lead.contentItemId, contentItem.id))),
        ),
      )
      .orderBy(asc(contentItem.title))
    const events = await tx
      .select({ id: event.id, title: event.title })
      .from(event)
      .where(
        and(
          eq(event.companyId, companyId),
          exists(tx.select({ one: lead.id }).from(lead).where(eq(lead.eventId, event.id))),
        ),
      )
      .orderBy(asc(event.title))
    return { contents, events }
  })
})
