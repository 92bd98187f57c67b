import { eq } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import { companyAdmins } from '#app/features/operator/server/company-admins.server'
import type { PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { DOMAIN_EXPIRY_DAYS, DOMAIN_REMINDER_DAYS } from '../custom-domain-rules'
import { findUnverifiedDomains } from './check-custom-domain.server'

const DAY_MS = 24 * 3600_000

/**
 * Unverified custom domains: the company's admins are reminded after 3 and 10 days, and the
 * request is removed after 14 (they are told, and may add it again). A domain the operator
 * rejected gets no reminder, but goes at 14 days too, so it cannot hold a name it never proved.
 */
export async function sweepCustomDomains(sweep: PlatformContext, now = new Date()) {
  for (const domain of await findUnverifiedDomains(sweep, new Date(now.getTime() - DOMAIN_REMINDER_DAYS[0] * DAY_MS))) {
    const ageDays = (now.getTime() - domain.createdAt.getTime()) / DAY_MS
    const [company] = await sweep.platform((tx) =>
      tx.select({ name: organization.name }).from(organization).where(eq(organization.id, domain.companyId)),
    )
    const expired = ageDays >= DOMAIN_EXPIRY_DAYS
    const due = DOMAIN_REMINDER_DAYS.filter((days) => ageDays >= days).length
    if (!expired && (due <= domain.remindersSent || domain.approval === 'rejected')) continue
    if (expired) await sweep.platform((tx) => tx.delete(customDomain).where(eq(customDomain.id, domain.id)))
    else
      await sweep.platform((tx) =>
        tx.update(customDomain).set({ remindersSent: due }).where(eq(customDomain.id, domain.id)),
      )
    const key = expired ? 'removed' : 'reminder'
    for (const admin of await sweep.platform((tx) => companyAdmins(tx, domain.companyId))) {
      const t = getFixedT(admin.language)
      const mail = actionMail({
        to: admin.email,
        subject: t(`domains.mail.${key}Subject`, { host: domain.host }),
        greeting: t('operator.mail.greeting'),
        body: t(`domains.mail.${key}Body`, {
          host: domain.host,
          company: company?.name ?? '',
          days: DOMAIN_EXPIRY_DAYS,
        }),
        action: t('domains.mail.open'),
        url: `${getEnv().APP_URL}/admin/settings/domains`,
        footer: t('operator.mail.footer'),
      })
      await sendMail(mail).catch((error) => logger.error({ err: error, domainId: domain.id }, 'domain mail not sent'))
    }
  }
}
