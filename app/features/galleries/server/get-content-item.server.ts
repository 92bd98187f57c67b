import { and, eq, inArray } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'

/** The item's kind and status, if it is this company's; the editor's use-cases start here. */
export async function getContentItem(context: TenantContext, contentItemId: string) {
  const [item] = await context.withTenant((tx) => findContentItems(tx, context, [contentItemId]))
  return item
}

/**
 * Several items of the company, for bulk actions; if any is another company's or gone, none:
 * the selection is acted on whole or not at all.
 */
export async function findContentItems(tx: Transaction, context: TenantContext, contentItemIds: string[]) {
  const items = await tx
    .select({ id: contentItem.id, kind: contentItem.kind, status: contentItem.status, title: contentItem.title })
    .from(contentItem)
    .where(and(inArray(contentItem.id, contentItemIds), eq(contentItem.companyId, context.company.id)))
  if (items.length === 0 || items.length < new Set(contentItemIds).size)
    throw new AppError('NOT_FOUND', 'content.errors.notFound')
  return items
}

/** Users edit drafts only; managers and admins edit anything (docs/product.md). */
export function ensureCanEditContent(context: TenantContext, status: string) {
  if (status !== 'draft' && !actorCan(context, 'content.publish'))
    throw new AppError('FORBIDDEN', 'content.errors.draftsOnly')
}
