import { z } from 'zod'
import { DELIVERY_STATES } from '#db/enums/webhooks'
export { DELIVERY_STATES }

/** What a company's own systems can be told about, as Standard Webhooks event types. */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'content.published',
  'content.archived',
  'download.completed',
  'event.published',
  'subscription.changed',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export type DeliveryState = (typeof DELIVERY_STATES)[number]

/** How many endpoints a company may have: enough for a CRM, a mailing tool and a spare. */
export const MAX_WEBHOOK_ENDPOINTS = 10

export const ZWebhookUrl = z
  .string()
  .trim()
  .min(1, 'webhooks.errors.urlRequired')
  .max(2000, 'webhooks.errors.urlInvalid')
  .refine((value) => {
    try {
      const url = new URL(value)
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        !url.username &&
        !url.password &&
        Boolean(url.hostname)
      )
    } catch {
      return false
    }
  }, 'webhooks.errors.urlInvalid')

/** Checkboxes arrive as repeated form fields (one string) or not at all (none ticked). */
export const ZWebhookEvents = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(WEBHOOK_EVENT_TYPES, 'webhooks.errors.eventsRequired')).min(1, 'webhooks.errors.eventsRequired'),
)
