import { z } from 'zod'
import { defineJob } from '#app/jobs/job'

/** One try of a webhook delivery; its own failures are scheduled by the delivery (24 h backoff), these retries cover a crash. */
export const deliverWebhookJob = defineJob({
  id: 'webhooks.deliver',
  schema: z.object({ companyId: z.string().min(1), deliveryId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  // Waiting on receivers (up to 10 s each), not on the cores: a few slow ones must not hold up the rest.
  workers: 10,
  async handler({ companyId, deliveryId }) {
    const { deliverWebhook } = await import('#app/features/webhooks/server/deliver-webhook.server')
    await deliverWebhook(companyId, deliveryId)
  },
})
