import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { OperatorContext } from '#app/access/context'

/** An operator's change, on the platform's audit trail (and the company's, when it concerns one). */
export function recordOperatorAction(
  operator: OperatorContext,
  action: string,
  target: { companyId?: string | null; tableName: string; recordId: string; details?: Record<string, unknown> },
) {
  return recordAuditEvent({
    category: 'admin_privileged_action',
    action: `operator.${action}`,
    actorUserId: operator.user.id,
    companyId: target.companyId ?? null,
    tableName: target.tableName,
    recordId: target.recordId,
    details: target.details ?? null,
  })
}
