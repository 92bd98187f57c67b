import { and, eq, inArray } from 'drizzle-orm'
import { asset } from '#db/schema'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { enqueue } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import { requirePermission, type TenantContext } from '#app/access/context'

/** The status page's Retry: one failed file of the company, or all of them, processed again. */
export async function retryFailedMedia(context: TenantContext, assetId?: string) {
  requirePermission(context, 'content.write')
  const retried = await context.withTenant((tx) =>
    tx
      .update(asset)
      .set({ processingStatus: 'pending', processingError: null, updatedAt: new Date() })
      .where(
        and(
          eq(asset.companyId, context.company.id),
          eq(asset.processingStatus, 'failed'),
          assetId ? inArray(asset.id, [assetId]) : undefined,
        ),
      )
      .returning({ id: asset.id }),
  )
  if (assetId && retried.length === 0) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
  for (const { id } of retried)
    await enqueue(generateRenditionsJob, { companyId: context.company.id, assetId: id }, { singletonKey: id })
  return retried.length
}
