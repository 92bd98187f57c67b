import { companyAdmins } from '#app/features/operator/server/company-admins.server'
import type { TenantContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { formatDate } from '#app/lib/format-date'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'

export type ClosureNews = { kind: 'closed'; deletesOn: Date; subscriptionCancelled: boolean } | { kind: 'reopened' }

/**
 * Tells every admin of the company that its account was closed (and when it will be deleted) or
 * reopened, each in the language they use the admin in: one admin's decision reaches the others.
 * The change stands whatever the mail does; a failed mail is logged.
 */
export async function mailAccountClosure(
  context: TenantContext,
  company: { id: string; name: string },
  by: string,
  news: ClosureNews,
) {
  for (const admin of await context.companyRecords((db) => companyAdmins(db, company.id))) {
    const t = getFixedT(admin.language)
    const values = { company: company.name, name: by }
    const mail =
      news.kind === 'closed'
        ? actionMail({
            to: admin.email,
            subject: t('accountClosure.mail.closedSubject', values),
            greeting: t('operator.mail.greeting'),
            body: [
              t('accountClosure.mail.closedBody', {
                ...values,
                date: formatDate(news.deletesOn, admin.language, 'UTC'),
              }),
              news.subscriptionCancelled ? t('accountClosure.mail.subscriptionCancelled') : '',
            ]
              .filter(Boolean)
              .join(' '),
            action: t('accountClosure.mail.openAdmin'),
            url: `${getEnv().APP_URL}/admin`,
            footer: t('operator.mail.footer'),
          })
        : actionMail({
            to: admin.email,
            subject: t('accountClosure.mail.reopenedSubject', values),
            greeting: t('operator.mail.greeting'),
            body: t('accountClosure.mail.reopenedBody', values),
            action: t('accountClosure.mail.openSubscription'),
            url: `${getEnv().APP_URL}/admin/subscription`,
            footer: t('operator.mail.footer'),
          })
    await sendMail(mail).catch((error) =>
      logger.error({ err: error, companyId: company.id }, `account ${news.kind} mail not sent`),
    )
  }
}
