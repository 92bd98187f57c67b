import { and, eq, like } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { slugify } from '#app/features/companies/companies.schema'
import { ensureCompanyEvent } from '#app/features/events/server/ensure-company-event.server'
import { actorUserId, type TenantContext } from '#app/access/context'
import type { ContentKind, TContentDetails } from '../content.schema'

/** A new draft; galleries get a page address (slug) from their title, unique in the company. */
export async function createContent(context: TenantContext, kind: ContentKind, details: TContentDetails) {
  await ensureCompanyEvent(context, details.eventId)
  return context.withTenant(async (tx) => {
    const base = slugify(details.title) || kind
    const taken = await tx
      .select({ slug: contentItem.slug })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, context.company.id), like(contentItem.slug, `${base}%`)))
    const used = new Set(taken.map((row) => row.slug))
    let slug = base
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`
    const [created] = await tx
      .insert(contentItem)
      .values({
        companyId: context.company.id,
        kind,
        slug,
        status: 'draft',
        createdBy: actorUserId(context),
        ...details,
      })
      .returning({ id: contentItem.id })
    return created
  })
}
