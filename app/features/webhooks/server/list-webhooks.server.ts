import { desc, eq, inArray } from 'drizzle-orm'
import { webhookAttempt, webhookDelivery, webhookEndpoint } from '#db/schema'
import { actorCan, type TenantContext } from '#app/access/context'

/** How many recent deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 50

/** The company's endpoints and its latest deliveries, each with its tries (the delivery log). */
export async function listWebhooks(context: TenantContext) {
  const canEdit = actorCan(context, 'company.manage')
  return context.withTenant(async (tx) => {
    const endpoints = await tx.select().from(webhookEndpoint).orderBy(webhookEndpoint.createdAt)
    const deliveries = await tx
      .select({
        id: webhookDelivery.id,
        endpointId: webhookDelivery.endpointId,
        endpointUrl: webhookEndpoint.url,
        messageId: webhookDelivery.messageId,
        eventType: webhookDelivery.eventType,
        state: webhookDelivery.state,
        attempts: webhookDelivery.attempts,
        lastStatus: webhookDelivery.lastStatus,
        lastError: webhookDelivery.lastError,
        nextAttemptAt: webhookDelivery.nextAttemptAt,
        createdAt: webhookDelivery.createdAt,
      })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
      .limit(DELIVERY_LOG_SIZE)
    const tries = deliveries.length
      ? await tx
          .select({
            deliveryId: webhookAttempt.deliveryId,
            attemptedAt: webhookAttempt.attemptedAt,
            status: webhookAttempt.status,
            durationMs: webhookAttempt.durationMs,
            error: webhookAttempt.error,
          })
          .from(webhookAttempt)
          .where(
            inArray(
              webhookAttempt.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(webhookAttempt.attemptedAt)
      : []
    return {
      allowed: context.entitlements.apiAccess,
      canEdit,
      endpoints: endpoints.map((endpoint) => ({
        id: endpoint.id,
        url: endpoint.url,
        events: endpoint.events,
        enabled: endpoint.enabled,
        disabledReason: endpoint.disabledReason,
        failingSince: endpoint.failingSince,
        // The signing secret is the admins' to see (they configure the receiver), not the team's.
        secret: canEdit ? endpoint.secret : null,
        createdAt: endpoint.createdAt,
      })),
      deliveries: deliveries.map((delivery) => ({
        ...delivery,
        tries: tries.filter((attempt) => attempt.deliveryId === delivery.id),
      })),
    }
  })
}
