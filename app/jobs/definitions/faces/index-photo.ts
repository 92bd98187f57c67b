import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/**
 * Reads one gallery photo's faces for Find me (ADR 103). One at a time per process: the model
 * keeps a core busy for about a second a photo, and fans' pages keep the other.
 */
export const indexPhotoFacesJob = defineJob({
  id: 'faces.index-photo',
  schema: z.object({ companyId: z.string().min(1), assetId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  ownerField: 'companyId',
  expireInSeconds: 5 * 60,
  async handler({ companyId, assetId }) {
    const { indexPhotoFaces } = await import('#app/features/faces/server/index-photo-faces.server')
    const system = await asSystem(companyId, 'faces.index-photo')
    if (!system) return // the company is gone, and its faces with it
    await indexPhotoFaces(system, assetId)
  },
})
