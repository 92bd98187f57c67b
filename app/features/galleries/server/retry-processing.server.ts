import { and, eq } from 'drizzle-orm'
import { asset } from '#db/schema'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { enqueue } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { getContentItem } from './get-content-item.server'

/** The admin's retry button for a file whose processing failed. */
export async function retryProcessing(context: TenantContext, contentItemId: string, assetId: string) {
  const item = await getContentItem(context, contentItemId)
  const [file] = await context.withTenant((tx) =>
    tx
      .update(asset)
      .set({ processingStatus: 'pending', processingError: null, updatedAt: new Date() })
      .where(and(eq(asset.id, assetId), eq(asset.contentItemId, item.id), eq(asset.processingStatus, 'failed')))
      .returning({ id: asset.id }),
  )
  if (!file) throw new AppError('NOT_FOUND', 'content.errors.fileNotFound')
  await enqueue(generateRenditionsJob, { companyId: context.company.id, assetId }, { singletonKey: assetId })
}
