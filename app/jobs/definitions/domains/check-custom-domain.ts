import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { enqueue } from '#app/jobs/queue.server'

/**
 * Checks a custom domain's records. While the DNS cannot be asked, retried with backoff; while
 * the records are not right yet, checked again later (RECHECK_SECONDS) until the request expires.
 */
export const checkCustomDomainJob = defineJob({
  id: 'domains.check-custom-domain',
  schema: z.object({ domainId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ domainId }) {
    const { checkCustomDomain, nextRecheckSeconds } = await import(
      '#app/features/domains/server/check-custom-domain.server'
    )
    const { platform } = await asPlatform('domains.check-custom-domain')
    const result = await checkCustomDomain(platform, domainId)
    if (result && result.state !== 'verified') {
      await enqueue(
        checkCustomDomainJob,
        { domainId },
        { singletonKey: domainId, startAfterSeconds: nextRecheckSeconds(result.attempts) },
      )
    }
  },
})
