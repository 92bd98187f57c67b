import { and, eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { queueSubdomainCheck } from '#app/features/domains/server/request-subdomain.server'
import { subdomainOrigin } from '#app/features/sharing/server/public-url.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { companyAdmins } from './company-admins.server'
import type { OperatorContext } from '#app/access/context'
import { recordOperatorAction } from './record-operator-action.server'

/**
 * The operator approves or rejects a pending subdomain; the company's admins are e-mailed either
 * way. An approved subdomain's DNS is then checked in the background.
 */
export async function decideSubdomain(
  operator: OperatorContext,
  companyId: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const [company] = await operator.platform((tx) =>
    tx
      .update(organization)
      .set(
        decision.approve
          ? { subdomainStatus: 'active', subdomainDecidedAt: new Date(), subdomainRejectionReason: null }
          : { subdomainStatus: 'rejected', subdomainDecidedAt: new Date(), subdomainRejectionReason: decision.reason },
      )
      .where(and(eq(organization.id, companyId), eq(organization.subdomainStatus, 'pending')))
      .returning({ id: organization.id, name: organization.name, subdomain: organization.subdomain }),
  )
  if (!company?.subdomain) throw new AppError('CONFLICT', 'operator.errors.notPending')
  await recordOperatorAction(operator, decision.approve ? 'subdomain.approve' : 'subdomain.reject', {
    companyId,
    tableName: 'companies',
    recordId: companyId,
    details: { label: company.subdomain, ...(decision.approve ? {} : { reason: decision.reason }) },
  })
  if (decision.approve) await queueSubdomainCheck(companyId)
  // The decision stands whatever the mail does; a failed mail is logged.
  const host = `${company.subdomain}.${getEnv().PLATFORM_DOMAIN}`
  for (const admin of await operator.platform((tx) => companyAdmins(tx, companyId))) {
    const t = getFixedT(admin.language)
    const mail = actionMail({
      to: admin.email,
      subject: t(decision.approve ? 'operator.mail.approvedSubject' : 'operator.mail.rejectedSubject', { host }),
      greeting: t('operator.mail.greeting'),
      body: decision.approve
        ? t('operator.mail.approvedBody', { host, company: company.name })
        : t('operator.mail.rejectedBody', { host, company: company.name, reason: decision.reason }),
      action: decision.approve ? t('operator.mail.openSubdomain') : t('operator.mail.chooseAnother'),
      url: decision.approve ? subdomainOrigin(company.subdomain) : `${getEnv().APP_URL}/admin/settings/subdomain`,
      footer: t('operator.mail.footer'),
    })
    await sendMail(mail).catch((error) => logger.error({ err: error, companyId }, 'subdomain decision mail not sent'))
  }
}
