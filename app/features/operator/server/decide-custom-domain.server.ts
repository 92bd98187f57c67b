import { and, eq } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { companyAdmins } from './company-admins.server'
import type { OperatorContext } from '#app/access/context'
import { recordOperatorAction } from './record-operator-action.server'

/**
 * The operator approves or rejects a company's custom domain; its admins are e-mailed either way
 * (docs/product.md, "A company's addresses"). A verified domain serves fans unless rejected, so
 * approving records the review, and rejecting stops the domain at once: every process forgets the
 * host and Caddy is refused its certificate (the `company_hosts` notification, migration 0020).
 */
export async function decideCustomDomain(
  operator: OperatorContext,
  domainId: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const [domain] = await operator.platform((tx) =>
    tx
      .update(customDomain)
      .set(
        decision.approve
          ? { approval: 'approved', decidedAt: new Date(), rejectionReason: null }
          : { approval: 'rejected', decidedAt: new Date(), rejectionReason: decision.reason },
      )
      .where(and(eq(customDomain.id, domainId), eq(customDomain.approval, 'pending')))
      .returning({
        id: customDomain.id,
        host: customDomain.host,
        state: customDomain.state,
        companyId: customDomain.companyId,
      }),
  )
  if (!domain) {
    const [exists] = await operator.platform((tx) =>
      tx.select({ id: customDomain.id }).from(customDomain).where(eq(customDomain.id, domainId)),
    )
    throw exists
      ? new AppError('CONFLICT', 'operator.errors.notPending')
      : new AppError('NOT_FOUND', 'domains.errors.notFound')
  }
  const { host, companyId } = domain
  await recordOperatorAction(operator, decision.approve ? 'domain.approve' : 'domain.reject', {
    companyId,
    tableName: 'custom_domains',
    recordId: domainId,
    details: { host, ...(decision.approve ? {} : { reason: decision.reason }) },
  })
  const [company] = await operator.platform((tx) =>
    tx.select({ name: organization.name }).from(organization).where(eq(organization.id, companyId)),
  )
  // The decision stands whatever the mail does; a failed mail is logged.
  const verified = domain.state === 'verified'
  for (const admin of await operator.platform((tx) => companyAdmins(tx, companyId))) {
    const t = getFixedT(admin.language)
    const values = { host, company: company?.name ?? '' }
    const mail = actionMail({
      to: admin.email,
      subject: t(decision.approve ? 'operator.mail.domainApprovedSubject' : 'operator.mail.domainRejectedSubject', {
        host,
      }),
      greeting: t('operator.mail.greeting'),
      body: decision.approve
        ? t(verified ? 'operator.mail.domainApprovedBody' : 'operator.mail.domainApprovedUnverifiedBody', values)
        : t('operator.mail.domainRejectedBody', { ...values, reason: decision.reason }),
      action: t('operator.mail.openDomains'),
      url: `${getEnv().APP_URL}/admin/settings/domains`,
      footer: t('operator.mail.footer'),
    })
    await sendMail(mail).catch((error) =>
      logger.error({ err: error, companyId, domainId }, 'custom domain decision mail not sent'),
    )
  }
}
