import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
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
    const context = await asSystem(companyId, 'webhooks.deliver')
    // A company deleted since: its deliveries went with it.
    if (context) await deliverWebhook(context, deliveryId)
  },
})
