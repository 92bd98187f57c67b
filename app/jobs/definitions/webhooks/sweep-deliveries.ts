import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'
import { enqueue } from '#app/jobs/queue.server'
import { deliverWebhookJob } from './deliver'

/** Deliveries past the log's 30 days go; a pending one whose job was lost is queued again. */
export const sweepWebhookDeliveriesJob = defineJob({
  id: 'webhooks.sweep-deliveries',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '*/10 * * * *',
  async handler() {
    const { sweepWebhookDeliveries } = await import('#app/features/webhooks/server/sweep-webhook-deliveries.server')
    for (const lost of await sweepWebhookDeliveries(await asPlatform('webhooks.sweep-deliveries'))) {
      await enqueue(deliverWebhookJob, lost, { singletonKey: lost.deliveryId })
    }
  },
})
