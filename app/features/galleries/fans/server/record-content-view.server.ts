import { and, eq, sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { ZContentId } from './get-public-content.server'
import type { PublicContext } from '#app/access/context'

/**
 * One more view of a published item (a single item in the player, or a gallery's page).
 * Counters do not change what fans see, so the public version is left alone (the database
 * trigger ignores them). False when nothing counted.
 */
export async function recordContentView(
  { company, record }: PublicContext,
  item: { kind: 'single'; id: string } | { kind: 'gallery'; slug: string },
) {
  const id = item.kind === 'single' ? ZContentId.safeParse(item.id) : null
  if (id?.success === false) return false
  const which = item.kind === 'gallery' ? eq(contentItem.slug, item.slug) : eq(contentItem.id, id!.data!)
  const counted = await record((tx) =>
    tx
      .update(contentItem)
      .set({ viewCount: sql`${contentItem.viewCount} + 1` })
      .where(
        and(
          eq(contentItem.companyId, company.id),
          which,
          eq(contentItem.kind, item.kind),
          eq(contentItem.status, 'published'),
        ),
      )
      .returning({ id: contentItem.id }),
  )
  return counted.length > 0
}
