import { eq } from 'drizzle-orm'
import { webhookDelivery, webhookEndpoint } from '#db/schema'
import { deliverWebhookJob } from '#app/jobs/definitions/webhooks/deliver'
import { enqueueInTransaction } from '#app/jobs/queue.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { assertCanManageWebhooks } from './webhook-access.server'

/**
 * Sends a logged delivery again as a new delivery of the same message (same `webhook-id`, so a
 * receiver that already has it can tell), with its own tries and backoff.
 */
export async function resendWebhookDelivery(context: TenantContext, deliveryId: string) {
  assertCanManageWebhooks(context)
  return context.withTenant(async (tx) => {
    const [original] = await tx
      .select({
        endpointId: webhookDelivery.endpointId,
        messageId: webhookDelivery.messageId,
        eventType: webhookDelivery.eventType,
        body: webhookDelivery.body,
        enabled: webhookEndpoint.enabled,
      })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .where(eq(webhookDelivery.id, deliveryId))
    if (!original) throw new AppError('NOT_FOUND', 'webhooks.errors.notFound')
    if (!original.enabled) throw new AppError('CONFLICT', 'webhooks.errors.endpointDisabled')
    const { enabled: _, ...message } = original
    const [copy] = await tx
      .insert(webhookDelivery)
      .values({ ...message, companyId: context.company.id, nextAttemptAt: new Date() })
      .returning({ id: webhookDelivery.id })
    await enqueueInTransaction(tx, deliverWebhookJob, { companyId: context.company.id, deliveryId: copy.id })
    return copy.id
  })
}
