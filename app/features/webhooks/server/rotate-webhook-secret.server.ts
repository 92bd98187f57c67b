import { eq } from 'drizzle-orm'
import { webhookEndpoint } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { assertCanManageWebhooks } from './webhook-access.server'
import { generateWebhookSecret } from './webhook-signature.server'

/** A new signing secret (the old one may have leaked): every try from now on is signed with it. */
export async function rotateWebhookSecret(context: TenantContext, endpointId: string) {
  assertCanManageWebhooks(context)
  const [updated] = await context.withTenant((tx) =>
    tx
      .update(webhookEndpoint)
      .set({ secret: generateWebhookSecret(), updatedAt: new Date() })
      .where(eq(webhookEndpoint.id, endpointId))
      .returning({ id: webhookEndpoint.id }),
  )
  if (!updated) throw new AppError('NOT_FOUND', 'webhooks.errors.notFound')
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'webhook.rotate-secret',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'webhook_endpoints',
    recordId: endpointId,
  })
}
