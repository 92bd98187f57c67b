import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { requirePermission, actorUserId, type TenantContext } from '#app/access/context'

/**
 * Whether fans' comments go live without review. A company setting: admins only, whoever else
 * may moderate (docs/product.md). Comments already waiting stay where they are.
 */
export async function setCommentsAutoApprove(context: TenantContext, enabled: boolean) {
  requirePermission(context, 'comments.settings', 'commentModeration.errors.adminOnly')
  await context.withTenant((tx) =>
    tx.update(organization).set({ commentsAutoApprove: enabled }).where(eq(organization.id, context.company.id)),
  )
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'comments.auto-approve',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'companies',
    recordId: context.company.id,
    details: { enabled },
  })
}
