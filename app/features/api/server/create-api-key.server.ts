import { apiKey } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { requirePermission, actorUserId, type TenantContext } from '#app/access/context'
import type { TCreateApiKey } from '../api-keys.schema'
import { generateApiKey } from './api-key-secret.server'

/** A new key for the company's own systems: returned in full this once, kept only as a hash. */
export async function createApiKey(context: TenantContext, input: TCreateApiKey) {
  requirePermission(context, 'api.manage', 'settings.errors.adminOnly')
  requireEntitlement(context.entitlements, 'apiAccess', 'apiKeys.errors.plan')
  const secret = generateApiKey()
  const [created] = await context.withTenant((tx) =>
    tx
      .insert(apiKey)
      .values({
        companyId: context.company.id,
        name: input.name,
        prefix: secret.prefix,
        keyHash: secret.hash,
        scopes: input.scopes,
        createdBy: actorUserId(context),
      })
      .returning({ id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, scopes: apiKey.scopes }),
  )
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'api-key.create',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'api_keys',
    recordId: created.id,
    details: { name: created.name, scopes: created.scopes },
  })
  return { ...created, key: secret.key }
}
