import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { RETENTION_PERIODS, retentionCutoff } from '#app/features/privacy/retention-periods'
import { AppError } from '#app/lib/errors'
import type { MemberContext } from '#app/access/context'
import { mailAccountClosure } from './account-closure-mails.server'
import { assertCanEditSettings } from './settings-access.server'

/**
 * An admin reopens a closed company account before its deletion date: its fans' pages are back
 * from the next request on, nothing is deleted, and every admin is told. A subscription stopped
 * by the closing stays stopped until an admin resumes it in the portal (the subscription page
 * says when it ends). Throws FORBIDDEN (not an admin), CONFLICT (not closed, or past its
 * deletion date: the retention job is deleting it).
 */
export async function reopenCompanyAccount(member: MemberContext, now = new Date()) {
  assertCanEditSettings(member)
  const reopened = await member.withTenant((tx) =>
    tx
      .update(organization)
      .set({ closedAt: null })
      .where(
        and(
          eq(organization.id, member.company.id),
          isNotNull(organization.closedAt),
          gt(organization.closedAt, retentionCutoff(RETENTION_PERIODS.closedAccounts, now)),
        ),
      )
      .returning({ name: organization.name }),
  )
  if (reopened.length === 0) {
    const [company] = await member.withTenant((tx) =>
      tx.select({ closedAt: organization.closedAt }).from(organization).where(eq(organization.id, member.company.id)),
    )
    throw new AppError(
      'CONFLICT',
      company?.closedAt ? 'accountClosure.errors.tooLate' : 'accountClosure.errors.notClosed',
    )
  }
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.reopen',
    companyId: member.company.id,
    actorUserId: member.user.id,
    tableName: 'companies',
    recordId: member.company.id,
  })
  await mailAccountClosure(member, { id: member.company.id, name: reopened[0].name }, member.user.name, {
    kind: 'reopened',
  })
}
