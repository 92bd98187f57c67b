import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Queues the faces of a gallery's photos not read yet: Find me just switched on, or photos added before it was. */
export const indexGalleryFacesJob = defineJob({
  id: 'faces.index-gallery',
  schema: z.object({ companyId: z.string().min(1), contentItemId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId, contentItemId }) {
    const { queueGalleryFaces } = await import('#app/features/faces/server/queue-gallery-faces.server')
    const system = await asSystem(companyId, 'faces.index-gallery')
    if (!system) return
    await queueGalleryFaces(system, contentItemId)
  },
})
