import { and, eq, isNull } from 'drizzle-orm'
import { apiKey } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { requirePermission, actorUserId, type TenantContext } from '#app/access/context'

/** Stops a key at once: its next request gets 401. Revoked keys stay listed, for the record. */
export async function revokeApiKey(context: TenantContext, keyId: string) {
  requirePermission(context, 'api.manage', 'settings.errors.adminOnly')
  const [revoked] = await context.withTenant((tx) =>
    tx
      .update(apiKey)
      .set({ revokedAt: new Date(), revokedBy: actorUserId(context) })
      .where(and(eq(apiKey.id, keyId), eq(apiKey.companyId, context.company.id), isNull(apiKey.revokedAt)))
      .returning({ id: apiKey.id, name: apiKey.name }),
  )
  if (!revoked) throw new AppError('NOT_FOUND', 'apiKeys.errors.notFound')
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'api-key.revoke',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'api_keys',
    recordId: revoked.id,
    details: { name: revoked.name },
  })
}
