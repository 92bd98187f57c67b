import { z } from 'zod'
import { asPlatform } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** Galleries ending within 3 days: their companies are reminded, once per end date (ADR 059). */
export const remindGalleryExpiryJob = defineJob({
  id: 'galleries.remind-expiry',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '17 * * * *',
  async handler() {
    const { sendExpiryReminders } = await import(
      '#app/features/galleries/protection/server/send-expiry-reminders.server'
    )
    await sendExpiryReminders(await asPlatform('galleries.remind-expiry'))
  },
})
