import { companyArchiveJob } from './definitions/backup/company-archive'
import { nightlyBackupsJob } from './definitions/backup/nightly'
import { rollUpEventsJob } from './definitions/analytics/roll-up'
import { sweepAnalyticsJob } from './definitions/analytics/sweep'
import { sweepPlansJob } from './definitions/billing/sweep-plans'
import { checkCustomDomainJob } from './definitions/domains/check-custom-domain'
import { checkSubdomainJob } from './definitions/domains/check-subdomain'
import { sweepCustomDomainsJob } from './definitions/domains/sweep-custom-domains'
import { sweepSubdomainsJob } from './definitions/domains/sweep-subdomains'
import { indexGalleryFacesJob } from './definitions/faces/index-gallery'
import { indexPhotoFacesJob } from './definitions/faces/index-photo'
import { remindGalleryExpiryJob } from './definitions/galleries/remind-expiry'
import { sendShowEndedMailsJob } from './definitions/live/send-show-ended-mails'
import { deleteFilesJob } from './definitions/media/delete-files'
import { generateRenditionsJob } from './definitions/media/generate-renditions'
import { makeWebVideoJob } from './definitions/media/make-web-video'
import { rewatermarkJob } from './definitions/media/rewatermark'
import { sweepOrphanFilesJob } from './definitions/media/sweep-orphan-files'
import { sweepRenditionsJob } from './definitions/media/sweep-renditions'
import { sweepUploadsJob } from './definitions/media/sweep-uploads'
import { applyRetentionJob } from './definitions/privacy/apply-retention'
import { deliverWebhookJob } from './definitions/webhooks/deliver'
import { sweepWebhookDeliveriesJob } from './definitions/webhooks/sweep-deliveries'

/**
 * Every job the workers run. Only the worker's boot imports this list: queueing a job imports
 * that job's definition alone, and each definition loads its handler when it first runs.
 */
export const JOBS = [
  generateRenditionsJob,
  makeWebVideoJob,
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
  sweepOrphanFilesJob,
  applyRetentionJob,
  companyArchiveJob,
  nightlyBackupsJob,
  deliverWebhookJob,
  sweepWebhookDeliveriesJob,
  remindGalleryExpiryJob,
  rewatermarkJob,
  sendShowEndedMailsJob,
  indexPhotoFacesJob,
  indexGalleryFacesJob,
]
