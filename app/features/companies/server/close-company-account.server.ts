import { and, eq, isNull } from 'drizzle-orm'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { cancelSubscription } from '#app/features/billing/server/cancel-subscription.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import type { MemberContext } from '#app/access/context'
import { accountDeletionDate, confirmsSlug } from '../account-closure'
import { mailAccountClosure } from './account-closure-mails.server'
import { assertCanEditSettings } from './settings-access.server'

/**
 * An admin closes the company account, confirmed by typing its page address. In order: the paid
 * subscription stops renewing (a provider that cannot be reached refuses the closing, so no one
 * is charged for an account they closed), the company is marked closed (its fans' pages answer
 * as if it did not exist from the next request on), the audit trail records it, and every admin
 * is e-mailed the date it will be deleted. Throws FORBIDDEN (not an admin), BAD_REQUEST on the
 * `confirmSlug` field (the address typed is not this company's), CONFLICT (already closed),
 * UNAVAILABLE (the payment provider could not be reached: nothing changed).
 */
export async function closeCompanyAccount(member: MemberContext, input: { confirmSlug: string }, now = new Date()) {
  assertCanEditSettings(member)
  const [company] = await member.withTenant((tx) =>
    tx
      .select({ slug: organization.slug, name: organization.name, closedAt: organization.closedAt })
      .from(organization)
      .where(eq(organization.id, member.company.id)),
  )
  if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
  if (!confirmsSlug(input.confirmSlug, company.slug))
    throw new AppError('BAD_REQUEST', 'accountClosure.errors.slugMismatch', { field: 'confirmSlug' })
  if (company.closedAt) throw new AppError('CONFLICT', 'accountClosure.errors.alreadyClosed')

  const cancelled = await cancelSubscription(member).catch((error: unknown) => {
    logger.error({ err: error, companyId: member.company.id }, 'subscription not cancelled: account left open')
    throw new AppError('UNAVAILABLE', 'accountClosure.errors.billing')
  })
  const closed = await member.withTenant((tx) =>
    tx
      .update(organization)
      .set({ closedAt: now })
      .where(and(eq(organization.id, member.company.id), isNull(organization.closedAt)))
      .returning({ closedAt: organization.closedAt }),
  )
  // Two clicks at once: the other one closed it.
  if (closed.length === 0) throw new AppError('CONFLICT', 'accountClosure.errors.alreadyClosed')
  const deletesOn = accountDeletionDate(now)
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.close',
    companyId: member.company.id,
    actorUserId: member.user.id,
    tableName: 'companies',
    recordId: member.company.id,
    details: { deletesOn: deletesOn.toISOString(), subscriptionCancelled: cancelled !== null },
  })
  await mailAccountClosure(member, { id: member.company.id, name: company.name }, member.user.name, {
    kind: 'closed',
    deletesOn,
    subscriptionCancelled: cancelled !== null,
  })
  return { closedAt: now, deletesOn, subscriptionCancelled: cancelled }
}
