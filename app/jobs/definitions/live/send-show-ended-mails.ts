import { z } from 'zod'
import { asSystem } from '#app/jobs/as-system'
import { defineJob } from '#app/jobs/job'

/** A live show ended: the fans who asked get the gallery's link (ADR 057). */
export const sendShowEndedMailsJob = defineJob({
  id: 'live.send-show-ended-mails',
  schema: z.object({ companyId: z.string().min(1), contentItemId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId, contentItemId }) {
    const { sendShowEndedMails } = await import('#app/features/galleries/live/server/send-show-ended-mails.server')
    const system = await asSystem(companyId, 'live show ended: follower e-mails')
    if (system) await sendShowEndedMails(system, contentItemId)
  },
})
