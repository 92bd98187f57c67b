import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { enqueue } from '#app/jobs/queue.server'
import { generateRenditionsJob } from './generate-renditions'

/** A company's watermark changed: every photo's renditions are made again, one job each (ADR 060). */
export const rewatermarkJob = defineJob({
  id: 'media.rewatermark',
  schema: z.object({ companyId: z.string().min(1), version: z.number().int().min(1) }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId, version }) {
    const { findAssetsToRewatermark } = await import('#app/features/watermark/server/find-assets-to-rewatermark.server')
    const system = await asSystem(companyId, 'media.rewatermark')
    if (!system) return
    for (const { assetId } of await findAssetsToRewatermark(system, version)) {
      await enqueue(generateRenditionsJob, { companyId, assetId }, { singletonKey: `${assetId}:m${version}` })
    }
  },
})
