import { count } from 'drizzle-orm'
import { webhookEndpoint } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEventType } from '../webhooks.schema'
import {
  type HostLookup,
  resolvePublicAddresses,
  WebhookAddressRefused,
  WebhookHostUnresolved,
} from './send-webhook-request.server'
import { assertCanManageWebhooks } from './webhook-access.server'
import { generateWebhookSecret } from './webhook-signature.server'

/**
 * An admin adds a receiver; a URL that points into a private network (SSRF), or whose name does
 * not resolve, is refused at once. `lookup` stands in for the system's resolver in tests.
 */
export async function createWebhookEndpoint(
  context: TenantContext,
  input: { url: string; events: WebhookEventType[] },
  options: { lookup?: HostLookup } = {},
) {
  assertCanManageWebhooks(context)
  await assertReachableAddress(input.url, options.lookup)
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

/**
 * Refuses a URL whose host is (or resolves to) a private address in any spelling, or does not
 * resolve: a typo is caught while the admin is still looking, and a name registered first and
 * pointed inwards later is refused again at every delivery. WEBHOOKS_ALLOW_PRIVATE_URLS
 * (development and tests, with a receiver on this machine and often no public DNS) sets both aside.
 */
async function assertReachableAddress(url: string, lookup?: HostLookup) {
  const allowPrivate = getEnv().WEBHOOKS_ALLOW_PRIVATE_URLS ?? false
  try {
    await resolvePublicAddresses(new URL(url).hostname, allowPrivate, lookup)
  } catch (error) {
    if (error instanceof WebhookAddressRefused)
      throw new AppError('BAD_REQUEST', 'webhooks.errors.privateAddress', { field: 'url' })
    if (!(error instanceof WebhookHostUnresolved)) throw error
    if (!allowPrivate) throw new AppError('BAD_REQUEST', 'webhooks.errors.unresolvable', { field: 'url' })
  }
}
