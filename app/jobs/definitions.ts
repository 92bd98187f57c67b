import { z } from 'zod'
import { sweepPlans } from '#app/features/billing/server/sweep-plans.server'
import {
  findAssetsMissingRenditions,
  generateRenditions,
  markRenditionsFailed,
} from '#app/features/media/server/generate-renditions.server'
import { ImageTooLargeError, RENDITIONS_AT_ONCE } from '#app/features/media/server/image-renditions.server'
import {
  checkCompanySubdomain,
  findSubdomainsToCheck,
} from '#app/features/domains/server/check-company-subdomain.server'
import { checkCustomDomain, nextRecheckSeconds } from '#app/features/domains/server/check-custom-domain.server'
import { sweepCustomDomains } from '#app/features/domains/server/sweep-custom-domains.server'
import { sweepS3Uploads, sweepUploads, uploadDirectory } from '#app/features/media/server/sweep-uploads.server'
import { getStorage } from '#app/lib/storage.server'
import { getEnv } from '#app/lib/env.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { sweepAnalytics } from '#app/features/analytics/server/sweep-analytics.server'
import { applyRetention } from '#app/features/privacy/server/apply-retention.server'
import { findCompaniesDueBackup } from '#app/features/backup/server/find-companies-due-backup.server'
import { runCompanyBackup } from '#app/features/backup/server/run-company-backup.server'
import { deliverWebhook } from '#app/features/webhooks/server/deliver-webhook.server'
import { sweepWebhookDeliveries } from '#app/features/webhooks/server/sweep-webhook-deliveries.server'
import { sendExpiryReminders } from '#app/features/gallery-protection/server/send-expiry-reminders.server'
import { findAssetsToRewatermark } from '#app/features/watermark/server/find-assets-to-rewatermark.server'
import { sendShowEndedMails } from '#app/features/live/server/send-show-ended-mails.server'
import { enqueue } from './queue.server'
import { defineJob } from './job'

export const generateRenditionsJob = defineJob({
  id: 'media.generate-renditions',
  schema: z.object({ companyId: z.string().min(1), assetId: z.uuid() }),
  retry: { limit: 4, delaySeconds: 2, backoff: true },
  ownerField: 'companyId',
  // While one photo is read, written and recorded, sharp works on another (one at a time left
  // the cores idle a third of the time, npm run bench). Memory: two 24 MP decodes.
  workers: RENDITIONS_AT_ONCE,
  async handler({ companyId, assetId }, attempt) {
    try {
      await generateRenditions(companyId, assetId)
    } catch (error) {
      // Too many pixels stays too many: failed at once, not decoded again on every retry.
      const hopeless = error instanceof ImageTooLargeError
      await markRenditionsFailed(
        companyId,
        assetId,
        error instanceof Error ? error.message : String(error),
        attempt.isLast || hopeless,
      )
      if (!hopeless) throw error
    }
  },
})

/** A live show ended: the fans who asked get the gallery's link (ADR 057). */
export const sendShowEndedMailsJob = defineJob({
  id: 'live.send-show-ended-mails',
  schema: z.object({ companyId: z.string().min(1), contentItemId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId, contentItemId }) {
    await sendShowEndedMails(companyId, contentItemId)
  },
})

/** Re-queues photos whose renditions never got made (a crash, a lost job). */
export const sweepRenditionsJob = defineJob({
  id: 'media.sweep-renditions',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 30, backoff: false },
  cron: '*/5 * * * *',
  async handler() {
    for (const stale of await findAssetsMissingRenditions()) {
      await enqueue(generateRenditionsJob, stale, { singletonKey: stale.assetId })
    }
  },
})

/** Removes the stored files of deleted items; retried until storage answers. */
export const deleteFilesJob = defineJob({
  id: 'media.delete-files',
  schema: z.object({ prefixes: z.array(z.string().min(3)).min(1).max(1000) }),
  retry: { limit: 10, delaySeconds: 10, backoff: true },
  async handler({ prefixes }) {
    for (const prefix of prefixes) await getStorage().deletePrefix(prefix)
  },
})

/** Checks a live subdomain's DNS; while the DNS cannot be asked, tried again with backoff. */
export const checkSubdomainJob = defineJob({
  id: 'domains.check-subdomain',
  schema: z.object({ companyId: z.string().min(1) }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId }) {
    await checkCompanySubdomain(companyId)
  },
})

/** Subdomains still propagating (or not checked for a day) are checked again. */
export const sweepSubdomainsJob = defineJob({
  id: 'domains.sweep-subdomains',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '*/30 * * * *',
  async handler() {
    for (const { companyId } of await findSubdomainsToCheck())
      await enqueue(checkSubdomainJob, { companyId }, { singletonKey: companyId })
  },
})

/**
 * Checks a custom domain's records. While the DNS cannot be asked, retried with backoff; while
 * the records are not right yet, checked again later (RECHECK_SECONDS) until the request expires.
 */
export const checkCustomDomainJob = defineJob({
  id: 'domains.check-custom-domain',
  schema: z.object({ domainId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ domainId }) {
    const result = await checkCustomDomain(domainId)
    if (result && result.state !== 'verified')
      await enqueue(
        checkCustomDomainJob,
        { domainId },
        { singletonKey: domainId, startAfterSeconds: nextRecheckSeconds(result.attempts) },
      )
  },
})

/** Reminders at 3 and 10 days for custom domains still unverified, removal at 14. */
export const sweepCustomDomainsJob = defineJob({
  id: 'domains.sweep-custom-domains',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '17 * * * *',
  async handler() {
    await sweepCustomDomains()
  },
})

/** Trials and grace periods that ran out fall back to Starter; trials ending soon get their reminder. */
export const sweepPlansJob = defineJob({
  id: 'billing.sweep-plans',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '*/5 * * * *',
  async handler() {
    await sweepPlans()
  },
})

/** Adds fans' new raw events to the analytics rollups (queued after each write, and every minute should one be lost). */
export const rollUpEventsJob = defineJob({
  id: 'analytics.roll-up',
  schema: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  cron: '* * * * *',
  async handler() {
    await rollUpEvents()
  },
})

/** Salts and visitor marks past 48 h, next month's partition, raw events past the retention. */
export const sweepAnalyticsJob = defineJob({
  id: 'analytics.sweep',
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  cron: '7 * * * *',
  async handler() {
    await sweepAnalytics({ retentionMonths: getEnv().ANALYTICS_RETENTION_MONTHS })
  },
})

/** Abandoned and interrupted uploads leave the uploads folder and the bucket (sweepUploads, sweepS3Uploads). */
export const sweepUploadsJob = defineJob({
  id: 'media.sweep-uploads',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '17 * * * *',
  async handler() {
    await sweepUploads(uploadDirectory())
    await sweepS3Uploads()
  },
})

/** Deletes what the policies no longer keep, period by period (RETENTION_PERIODS). */
export const applyRetentionJob = defineJob({
  id: 'privacy.apply-retention',
  schema: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  cron: '41 3 * * *',
  async handler() {
    await applyRetention()
  },
})

/** One company's backup archive (ADR 055): asked for by an admin's button or by the nightly run. */
export const companyArchiveJob = defineJob({
  id: 'backup.company-archive',
  schema: z.object({
    companyId: z.string().min(1),
    backupId: z.uuid().optional(),
    trigger: z.enum(['nightly', 'manual']),
  }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  ownerField: 'companyId',
  async handler(payload, attempt) {
    await runCompanyBackup(payload, { isLastAttempt: attempt.isLast })
  },
})

/** Every night, an archive of each company whose plan includes automatic backups. */
export const nightlyBackupsJob = defineJob({
  id: 'backup.nightly',
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  cron: '23 2 * * *',
  async handler() {
    const night = new Date().toISOString().slice(0, 10)
    for (const companyId of await findCompaniesDueBackup())
      await enqueue(companyArchiveJob, { companyId, trigger: 'nightly' }, { singletonKey: `${companyId}:${night}` })
  },
})

/** One try of a webhook delivery; its own failures are scheduled by the delivery (24 h backoff), these retries cover a crash. */
export const deliverWebhookJob = defineJob({
  id: 'webhooks.deliver',
  schema: z.object({ companyId: z.string().min(1), deliveryId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  // Waiting on receivers (up to 10 s each), not on the cores: a few slow ones must not hold up the rest.
  workers: 10,
  async handler({ companyId, deliveryId }) {
    await deliverWebhook(companyId, deliveryId)
  },
})

/** Deliveries past the log's 30 days go; a pending one whose job was lost is queued again. */
export const sweepWebhookDeliveriesJob = defineJob({
  id: 'webhooks.sweep-deliveries',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '*/10 * * * *',
  async handler() {
    for (const lost of await sweepWebhookDeliveries())
      await enqueue(deliverWebhookJob, lost, { singletonKey: lost.deliveryId })
  },
})

/** Galleries ending within 3 days: their companies are reminded, once per end date (ADR 059). */
export const remindGalleryExpiryJob = defineJob({
  id: 'galleries.remind-expiry',
  schema: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  cron: '17 * * * *',
  async handler() {
    await sendExpiryReminders()
  },
})

/** A company's watermark changed: every photo's renditions are made again, one job each (ADR 060). */
export const rewatermarkJob = defineJob({
  id: 'media.rewatermark',
  schema: z.object({ companyId: z.string().min(1), version: z.number().int().min(1) }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  ownerField: 'companyId',
  async handler({ companyId, version }) {
    for (const { assetId } of await findAssetsToRewatermark(companyId, version)) {
      await enqueue(generateRenditionsJob, { companyId, assetId }, { singletonKey: `${assetId}:m${version}` })
    }
  },
})

/** Every job the workers run. */
export const JOBS = [
  generateRenditionsJob,
  sweepRenditionsJob,
  deleteFilesJob,
  checkSubdomainJob,
  sweepSubdomainsJob,
  checkCustomDomainJob,
  sweepCustomDomainsJob,
  sweepPlansJob,
  rollUpEventsJob,
  sweepAnalyticsJob,
  sweepUploadsJob,
  applyRetentionJob,
  companyArchiveJob,
  nightlyBackupsJob,
  deliverWebhookJob,
  sweepWebhookDeliveriesJob,
  remindGalleryExpiryJob,
  rewatermarkJob,
  sendShowEndedMailsJob,
]
