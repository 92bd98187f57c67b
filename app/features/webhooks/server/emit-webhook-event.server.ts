import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { organization, webhookDelivery, webhookEndpoint } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { deliverWebhookJob } from '#app/jobs/definitions/webhooks/deliver'
import { enqueueInTransaction } from '#app/jobs/queue.server'
import type { Transaction } from '#app/lib/db.server'
import type { WebhookEventType } from '../webhooks.schema'

/**
 * Tells the company's enabled endpoints that subscribed to `type` what happened. Called by a
 * use-case inside the transaction of its change: the deliveries and their jobs commit or roll
 * back with it (the outbox), so nothing is lost and nothing is sent for a change that did not happen.
 */
export async function emitWebhookEvent(
  tx: Transaction,
  companyId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now = new Date(),
) {
  const endpoints = await tx
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.companyId, companyId),
        eq(webhookEndpoint.enabled, true),
        sql`${webhookEndpoint.events} ? ${type}`,
      ),
    )
  if (endpoints.length === 0) return
  // Webhooks are an Enterprise feature: a company that left the plan keeps its endpoints (for
  // when it comes back) but they hear nothing, except the change of plan itself.
  if (type !== 'subscription.changed') {
    const [company] = await tx
      .select({ plan: organization.plan, planValidUntil: organization.planValidUntil })
      .from(organization)
      .where(eq(organization.id, companyId))
    if (!company || !getEntitlements(company, now).apiAccess) return
  }
  const messageId = `msg_${randomUUID().replaceAll('-', '')}`
  const body = JSON.stringify({ type, timestamp: now.toISOString(), data })
  const deliveries = await tx
    .insert(webhookDelivery)
    .values(
      endpoints.map((endpoint) => ({
        companyId,
        endpointId: endpoint.id,
        messageId,
        eventType: type,
        body,
        nextAttemptAt: now,
      })),
    )
    .returning({ id: webhookDelivery.id })
  for (const delivery of deliveries)
    await enqueueInTransaction(tx, deliverWebhookJob, { companyId, deliveryId: delivery.id })
}
