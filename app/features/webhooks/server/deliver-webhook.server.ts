import { and, eq, sql } from 'drizzle-orm'
import { webhookAttempt, webhookDelivery, webhookEndpoint } from '#db/schema'
import type { TenantContext } from '#app/access/context'
import { companyAdmins } from '#app/features/operator/server/company-admins.server'
import { deliverWebhookJob } from '#app/jobs/definitions/webhooks/deliver'
import { enqueueInTransaction } from '#app/jobs/queue.server'
import { getEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { sendWebhookRequest } from './send-webhook-request.server'
import { webhookHeaders } from './webhook-signature.server'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** A delivery is retried for a day after its event. */
export const RETRY_WINDOW_MS = 24 * HOUR_MS
/** An endpoint that has answered nothing but failures for this long is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR_MS

/** The wait before try n+1 after n failed tries: 30 s doubling each time, at most 4 h (about 15 tries in 24 h). */
export function retryDelayMs(failedAttempts: number) {
  return Math.min(30_000 * 2 ** (failedAttempts - 1), 4 * HOUR_MS)
}

export type DeliverOptions = { now?: Date; allowPrivate?: boolean; timeoutMs?: number }

/**
 * One try of a delivery that is due: signed, sent, logged. A failure schedules the next try
 * (exponential backoff within 24 h of the event); an endpoint failing for 3 days is turned off
 * and the company's admins are told. Idempotent: a delivery not due (done, or its next try later)
 * is left alone, so a duplicate or early job changes nothing.
 */
export async function deliverWebhook(context: TenantContext, deliveryId: string, options: DeliverOptions = {}) {
  const companyId = context.company.id
  const now = options.now ?? new Date()
  const [due] = await context.withTenant((tx) =>
    tx
      .select({
        delivery: webhookDelivery,
        endpoint: { url: webhookEndpoint.url, secret: webhookEndpoint.secret, enabled: webhookEndpoint.enabled },
      })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .where(
        and(
          eq(webhookDelivery.id, deliveryId),
          eq(webhookDelivery.state, 'pending'),
          sql`${webhookDelivery.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        ),
      ),
  )
  if (!due) return null
  const { delivery, endpoint } = due
  if (!endpoint.enabled) {
    await context.withTenant((tx) =>
      tx
        .update(webhookDelivery)
        .set({ state: 'failed', nextAttemptAt: null, lastError: 'endpoint disabled' })
        .where(eq(webhookDelivery.id, deliveryId)),
    )
    return { state: 'failed' as const }
  }
  const headers = webhookHeaders(endpoint.secret, delivery.messageId, delivery.body, now)
  const response = await sendWebhookRequest(endpoint.url, headers, delivery.body, {
    allowPrivate: options.allowPrivate ?? getEnv().WEBHOOKS_ALLOW_PRIVATE_URLS ?? false,
    timeoutMs: options.timeoutMs,
  })
  const succeeded = response.error === null
  const attempts = delivery.attempts + 1
  const retryAt = new Date(now.getTime() + retryDelayMs(attempts))
  const retries = !succeeded && retryAt.getTime() <= delivery.createdAt.getTime() + RETRY_WINDOW_MS
  const state = succeeded ? 'succeeded' : retries ? 'pending' : 'failed'
  const disabled = await context.withTenant(async (tx) => {
    await tx.insert(webhookAttempt).values({
      companyId,
      deliveryId,
      attemptedAt: now,
      status: response.status,
      durationMs: response.durationMs,
      error: response.error,
    })
    const updated = await tx
      .update(webhookDelivery)
      .set({
        state,
        attempts,
        lastStatus: response.status,
        lastError: response.error,
        nextAttemptAt: retries ? retryAt : null,
        deliveredAt: succeeded ? now : null,
      })
      // Another worker may have taken the same try: only one of them records it and schedules the next.
      .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.attempts, delivery.attempts)))
      .returning({ id: webhookDelivery.id })
    if (updated.length === 0) throw new Error(`delivery ${deliveryId} was attempted twice at once`)
    if (retries) await enqueueInTransaction(tx, deliverWebhookJob, { companyId, deliveryId }, { startAfter: retryAt })
    if (succeeded) {
      await tx.update(webhookEndpoint).set({ failingSince: null }).where(eq(webhookEndpoint.id, delivery.endpointId))
      return false
    }
    const [endpointRow] = await tx
      .update(webhookEndpoint)
      .set({ failingSince: sql`coalesce(${webhookEndpoint.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoint.id, delivery.endpointId))
      .returning({ failingSince: webhookEndpoint.failingSince, enabled: webhookEndpoint.enabled })
    if (
      !endpointRow?.enabled ||
      !endpointRow.failingSince ||
      now.getTime() - endpointRow.failingSince.getTime() < DISABLE_AFTER_MS
    )
      return false
    await tx
      .update(webhookEndpoint)
      .set({ enabled: false, disabledReason: 'failing', updatedAt: now })
      .where(eq(webhookEndpoint.id, delivery.endpointId))
    return true
  })
  if (disabled) await tellAdminsEndpointDisabled(context, endpoint.url)
  return { state, status: response.status, error: response.error, disabled }
}

async function tellAdminsEndpointDisabled(context: TenantContext, url: string) {
  const { company } = context
  for (const admin of await context.companyRecords((db) => companyAdmins(db, company.id))) {
    const t = getFixedT(admin.language)
    const mail = actionMail({
      to: admin.email,
      subject: t('webhooks.mail.disabledSubject'),
      greeting: t('operator.mail.greeting'),
      body: t('webhooks.mail.disabledBody', { url, company: company.name }),
      action: t('webhooks.mail.open'),
      url: `${getEnv().APP_URL}/admin/settings/webhooks`,
      footer: t('operator.mail.footer'),
    })
    await sendMail(mail).catch((error) =>
      logger.error({ err: error, companyId: company.id }, 'webhook disabled mail not sent'),
    )
  }
}
