import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import { contentItem, organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { companyAdmins } from '#app/features/operator/server/company-admins.server'
import type { PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { EXPIRY_REMINDER_DAYS } from '../protection'

const DAY_MS = 86_400_000

/**
 * Published galleries ending within 3 days: each company's admins are e-mailed once per end date
 * (a new date earns a new reminder), in the language they use the admin in; a closed account's
 * galleries are offline, so nothing is reminded. Across companies by nature, so it runs with the
 * fence lifted; only the reminded rows are touched.
 */
export async function sendExpiryReminders(sweep: PlatformContext, now = new Date()) {
  const ending = await sweep.platform((tx) =>
    tx
      .update(contentItem)
      .set({ expiryReminderSentAt: now })
      .from(organization)
      .where(
        and(
          eq(organization.id, contentItem.companyId),
          isNull(organization.closedAt),
          eq(contentItem.kind, 'gallery'),
          eq(contentItem.status, 'published'),
          isNull(contentItem.expiryReminderSentAt),
          gt(contentItem.expiresAt, now),
          lte(contentItem.expiresAt, new Date(now.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS)),
        ),
      )
      .returning({
        id: contentItem.id,
        companyId: contentItem.companyId,
        title: contentItem.title,
        expiresAt: contentItem.expiresAt,
        company: organization.name,
        plan: organization.plan,
        planValidUntil: organization.planValidUntil,
      }),
  )
  let sent = 0
  for (const gallery of ending) {
    // An end date set on Professional does not apply on Starter: nothing to remind of.
    if (!getEntitlements(gallery, now).galleryProtection) continue
    for (const admin of await sweep.platform((tx) => companyAdmins(tx, gallery.companyId))) {
      const t = getFixedT(admin.language)
      const date = gallery.expiresAt!.toLocaleString(admin.language, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      })
      const mail = actionMail({
        to: admin.email,
        subject: t('protection.reminder.subject', { title: gallery.title }),
        greeting: t('operator.mail.greeting'),
        body: t('protection.reminder.body', { title: gallery.title, company: gallery.company, date }),
        action: t('protection.reminder.open'),
        url: `${getEnv().APP_URL}/admin/content/${gallery.id}`,
        footer: t('operator.mail.footer'),
      })
      await sendMail(mail).then(
        () => (sent += 1),
        (error) => logger.error({ err: error, contentItemId: gallery.id }, 'gallery end reminder not sent'),
      )
    }
  }
  return { galleries: ending.length, sent }
}
