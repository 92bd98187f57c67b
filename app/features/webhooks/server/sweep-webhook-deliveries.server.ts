import { and, eq, lt, sql } from 'drizzle-orm'
import { webhookDelivery } from '#db/schema'
import type { PlatformContext } from '#app/access/context'
import { RETENTION_PERIODS, retentionCutoff } from '#app/features/privacy/retention-periods'

/** A pending delivery this late has lost its job (a crash between the try and its record). */
const LOST_AFTER_MS = 15 * 60_000

/**
 * Keeps the outbox honest: deliveries older than the policies' period (their bodies may hold a
 * fan's e-mail) are deleted with their tries, and pending ones whose try is long overdue are
 * handed back to be queued again.
 */
export async function sweepWebhookDeliveries(sweep: PlatformContext, now = new Date()) {
  return sweep.platform(async (tx) => {
    await tx
      .delete(webhookDelivery)
      .where(lt(webhookDelivery.createdAt, retentionCutoff(RETENTION_PERIODS.webhookDeliveries, now)))
    return tx
      .select({ companyId: webhookDelivery.companyId, deliveryId: webhookDelivery.id })
      .from(webhookDelivery)
      .where(
        and(
          eq(webhookDelivery.state, 'pending'),
          lt(webhookDelivery.nextAttemptAt, new Date(now.getTime() - LOST_AFTER_MS)),
          // Late only because the queue is busy: its job is still waiting, and a second would send it twice.
          sql`not exists (select 1 from pgboss.job j where j.name = 'webhooks.deliver' and j.data->>'deliveryId' = ${webhookDelivery.id}::text and j.state in ('created', 'retry', 'active'))`,
        ),
      )
      .limit(1000)
  })
}
