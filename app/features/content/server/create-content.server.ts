import { and, eq, like } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { slugify } from '#app/features/companies/companies.schema'
import { ensureCompanyEvent } from '#app/features/events/server/manage-events.server'
import type { MemberContext } from '#app/lib/tenant.server'
import type { ContentKind, TContentDetails } from '../content.schema'

/** A new draft; galleries get a page address (slug) from their title, unique in the company. */
export async function createContent(member: MemberContext, kind: ContentKind, details: TContentDetails) {
  await ensureCompanyEvent(member, details.eventId)
  return member.withTenant(async (tx) => {
    const base = slugify(details.title) || kind
    const taken = await tx
      .select({ slug: contentItem.slug })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, member.company.id), like(contentItem.slug, `${base}%`)))
    const used = new Set(taken.map((row) => row.slug))
    let slug = base
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`
    const [created] = await tx
      .insert(contentItem)
      .values({ companyId: member.company.id, kind, slug, status: 'draft', createdBy: member.user.id, ...details })
      .returning({ id: contentItem.id })
    return created
  })
}
