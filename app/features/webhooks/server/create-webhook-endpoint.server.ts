import { count } from 'drizzle-orm'
import { webhookEndpoint } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEventType } from '../webhooks.schema'
import { resolvePublicAddresses, WebhookAddressRefused } from './send-webhook-request.server'
import { assertCanManageWebhooks } from './webhook-access.server'
import { generateWebhookSecret } from './webhook-signature.server'

/** An admin adds a receiver; a URL that points into a private network is refused at once (SSRF). */
export async function createWebhookEndpoint(
  context: TenantContext,
  input: { url: string; events: WebhookEventType[] },
) {
  assertCanManageWebhooks(context)
  await assertReachableAddress(input.url)
  const created = await context.withTenant(async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(webhookEndpoint)
    if (total >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError('CONFLICT', 'webhooks.errors.tooMany', { field: 'url', max: MAX_WEBHOOK_ENDPOINTS })
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({
        companyId: context.company.id,
        url: input.url,
        events: [...new Set(input.events)],
        secret: generateWebhookSecret(),
      })
      .returning({ id: webhookEndpoint.id })
    return row
  })
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'webhook.add',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'webhook_endpoints',
    recordId: created.id,
    details: { url: input.url, events: input.events },
  })
  return created.id
}

/** Refuses a URL whose host is (or resolves to) a private address; a name that does not resolve yet may still be added. */
async function assertReachableAddress(url: string) {
  try {
    await resolvePublicAddresses(new URL(url).hostname, getEnv().WEBHOOKS_ALLOW_PRIVATE_URLS ?? false)
  } catch (error) {
    if (error instanceof WebhookAddressRefused)
      throw new AppError('BAD_REQUEST', 'webhooks.errors.privateAddress', { field: 'url' })
  }
}
