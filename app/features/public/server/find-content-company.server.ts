import { and, eq } from 'drizzle-orm'
import { contentItem, organization } from '#db/schema'
import { withPublicRead } from '#app/lib/db.server'
import { contentNotFound, ZContentId } from '#app/features/galleries/fans/server/get-public-content.server'

/**
 * `/player/{contentId}` on the platform's own host names no company: content ids are unique
 * across the platform, so the published item says whose it is.
 */
export async function findContentCompanySlug(contentId: string) {
  const id = ZContentId.safeParse(contentId)
  if (!id.success) throw contentNotFound()
  // Cross-tenant by nature: only published items can be read, and only their company's slug leaves.
  const [row] = await withPublicRead(null, (tx) =>
    tx
      .select({ slug: organization.slug })
      .from(contentItem)
      .innerJoin(organization, eq(organization.id, contentItem.companyId))
      .where(and(eq(contentItem.id, id.data), eq(contentItem.status, 'published'))),
  )
  if (!row) throw contentNotFound()
  return row.slug
}
