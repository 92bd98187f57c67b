import { and, desc, eq, ne } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { actorCan, type TenantContext } from '#app/access/context'

/**
 * The company's other galleries a selection of files may move to, newest first: those the
 * person may change (a user edits drafts only, see ensureCanEditContent).
 */
export async function listGalleryOptions(context: TenantContext, exceptId: string) {
  const draftsOnly = !actorCan(context, 'content.publish')
  return context.withTenant((tx) =>
    tx
      .select({ id: contentItem.id, title: contentItem.title, status: contentItem.status })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.companyId, context.company.id),
          eq(contentItem.kind, 'gallery'),
          ne(contentItem.id, exceptId),
          draftsOnly ? eq(contentItem.status, 'draft') : undefined,
        ),
      )
      .orderBy(desc(contentItem.updatedAt))
      .limit(200),
  )
}
