import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/**
 * How many photos one process makes renditions of at once: while one is read, written and
 * recorded, sharp works on another (one at a time left the cores idle for much of the time).
 * Memory: two 24 MP decodes.
 */
export const RENDITIONS_AT_ONCE = 2

/** A photo's or video's renditions (sizes, WebP, poster); a failure is recorded on the file. */
export const generateRenditionsJob = defineJob({
  id: 'media.generate-renditions',
  schema: z.object({ companyId: z.string().min(1), assetId: z.uuid() }),
  retry: { limit: 4, delaySeconds: 2, backoff: true },
  ownerField: 'companyId',
  workers: RENDITIONS_AT_ONCE,
  // A photo's renditions take seconds: a try still running after 5 minutes is stuck (a killed
  // worker's tries go back sooner, by their lease) and is tried again.
  expireInSeconds: 300,
  async handler({ companyId, assetId }, attempt) {
    const [{ generateRenditions, markRenditionsFailed }, { renditionFailureOf }] = await Promise.all([
      import('#app/features/media/server/generate-renditions.server'),
      import('#app/features/media/server/rendition-failure.server'),
    ])
    const system = await asSystem(companyId, 'media.generate-renditions')
    if (!system) return // the company is gone, and its files with it
    try {
      await generateRenditions(system, assetId)
    } catch (error) {
      const failure = renditionFailureOf(error, attempt.isLast)
      await markRenditionsFailed(system, assetId, failure.message, failure.isFinal)
      if (failure.tryAgain) throw error
    }
  },
})
