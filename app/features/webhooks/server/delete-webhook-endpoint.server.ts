import { eq } from 'drizzle-orm'
import { webhookEndpoint } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { assertCanManageWebhooks } from './webhook-access.server'

/** Removes an endpoint with its deliveries; their queued tries find nothing to do. */
export async function deleteWebhookEndpoint(context: TenantContext, endpointId: string) {
  assertCanManageWebhooks(context)
  const [deleted] = await context.withTenant((tx) =>
    tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, endpointId)).returning({ url: webhookEndpoint.url }),
  )
  if (!deleted) throw new AppError('NOT_FOUND', 'webhooks.errors.notFound')
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'webhook.delete',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'webhook_endpoints',
    recordId: endpointId,
    details: { url: deleted.url },
  })
}
