import { eq } from 'drizzle-orm'
import { webhookEndpoint } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import type { WebhookEventType } from '../webhooks.schema'
import { assertCanManageWebhooks } from './webhook-access.server'

/** Turns an endpoint on or off, or changes its events. Turning it on again forgets its failures. */
export async function updateWebhookEndpoint(
  context: TenantContext,
  endpointId: string,
  change: { enabled?: boolean; events?: WebhookEventType[] },
) {
  assertCanManageWebhooks(context)
  const [updated] = await context.withTenant((tx) =>
    tx
      .update(webhookEndpoint)
      .set({
        updatedAt: new Date(),
        ...(change.events ? { events: [...new Set(change.events)] } : {}),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled, disabledReason: null, failingSince: null }),
      })
      .where(eq(webhookEndpoint.id, endpointId))
      .returning({ id: webhookEndpoint.id }),
  )
  if (!updated) throw new AppError('NOT_FOUND', 'webhooks.errors.notFound')
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'webhook.update',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'webhook_endpoints',
    recordId: endpointId,
    details: change,
  })
}
