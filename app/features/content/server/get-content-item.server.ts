import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/lib/tenant.server'

/** The item's kind and status, if it is this company's; the editor's use-cases start here. */
export async function getContentItem(context: TenantContext, contentItemId: string) {
  const [item] = await context.withTenant((tx) =>
    tx
      .select({ id: contentItem.id, kind: contentItem.kind, status: contentItem.status })
      .from(contentItem)
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, context.company.id))),
  )
  if (!item) throw new AppError('NOT_FOUND', 'content.errors.notFound')
  return item
}

/** Users edit drafts only; managers and admins edit anything (docs/product.md). */
export function ensureCanEditContent(context: TenantContext, status: string) {
  if (status !== 'draft' && !actorCan(context, 'content.publish')) throw new AppError('FORBIDDEN', 'content.errors.draftsOnly')
}
