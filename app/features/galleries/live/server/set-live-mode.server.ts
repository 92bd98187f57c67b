import { and, eq, sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { enqueueInTransaction } from '#app/jobs/queue.server'
import { sendShowEndedMailsJob } from '#app/jobs/definitions/live/send-show-ended-mails'
import { AppError } from '#app/lib/errors'
import { requirePermission, type TenantContext } from '#app/access/context'
import { getContentItem } from '#app/features/galleries/server/get-content-item.server'

/**
 * Switches a gallery's live mode and auto-approve (managers and admins: approving is publishing).
 * Ending the show queues the one e-mail each waiting fan asked for, in the same transaction, and
 * tells open pages and walls the show is over.
 */
export async function setLiveMode(
  context: TenantContext,
  contentItemId: string,
  wanted: { live: boolean; autoApprove: boolean },
) {
  requirePermission(context, 'content.publish')
  const item = await getContentItem(context, contentItemId)
  if (item.kind !== 'gallery') throw new AppError('BAD_REQUEST', 'liveStudio.errors.galleryOnly')
  return context.withTenant(async (tx) => {
    const [before] = await tx
      .select({ liveMode: contentItem.liveMode })
      .from(contentItem)
      .where(eq(contentItem.id, item.id))
      .for('update')
    await tx
      .update(contentItem)
      .set({ liveMode: wanted.live, liveAutoApprove: wanted.autoApprove, updatedAt: new Date() })
      .where(and(eq(contentItem.id, item.id), eq(contentItem.companyId, context.company.id)))
    const ended = Boolean(before?.liveMode) && !wanted.live
    if (ended) {
      await enqueueInTransaction(tx, sendShowEndedMailsJob, { companyId: context.company.id, contentItemId: item.id })
      await tx.execute(sql`select pg_notify('live_photos', ${`${item.id}:end`})`)
    }
    return { ended }
  })
}
