import { and, eq, sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { withTenant } from '#app/lib/db.server'
import { ZContentId } from './get-public-content.server'
import type { PublicCompany } from './public-pages.server'

/**
 * One more view of a published single item. Counters do not change what fans see, so the
 * public version is left alone (the database trigger ignores them). False when nothing counted.
 */
export async function recordContentView(company: PublicCompany, contentId: string) {
  const id = ZContentId.safeParse(contentId)
  if (!id.success) return false
  const counted = await withTenant(company.id, (tx) =>
    tx
      .update(contentItem)
      .set({ viewCount: sql`${contentItem.viewCount} + 1` })
      .where(and(eq(contentItem.companyId, company.id), eq(contentItem.id, id.data), eq(contentItem.kind, 'single'), eq(contentItem.status, 'published')))
      .returning({ id: contentItem.id }),
  )
  return counted.length > 0
}
