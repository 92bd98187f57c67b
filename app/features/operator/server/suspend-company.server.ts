import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { OperatorContext } from '#app/access/context'
import { recordOperatorAction } from './record-operator-action.server'

/**
 * Suspends a company (fans' pages answer "temporarily unavailable", its team sees the reason in
 * the admin) or lifts the suspension. The company's row changing refreshes every cached page.
 */
export async function setCompanySuspension(
  operator: OperatorContext,
  companyId: string,
  suspension: { suspend: true; reason: string } | { suspend: false },
) {
  const updated = await operator.platform((tx) =>
    tx
      .update(organization)
      .set(
        suspension.suspend
          ? { suspendedAt: new Date(), suspendedReason: suspension.reason }
          : { suspendedAt: null, suspendedReason: null },
      )
      .where(eq(organization.id, companyId))
      .returning({ id: organization.id }),
  )
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  await recordOperatorAction(operator, suspension.suspend ? 'company.suspend' : 'company.reactivate', {
    companyId,
    tableName: 'companies',
    recordId: companyId,
    details: suspension.suspend ? { reason: suspension.reason } : undefined,
  })
}
