import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { contentItem, lead, organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { companyAdmins } from '#app/features/operator/server/company-admins.server'
import type { PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { formatWallClock } from '#app/lib/format-date'
import { getFixedT } from '#app/lib/i18n.server'
import { isLanguage } from '#app/lib/i18n'
import { galleryPublicUrl } from '#app/features/sharing/server/public-url.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { EXPIRY_REMINDER_DAYS } from '../protection'

const DAY_MS = 86_400_000

/**
 * Published galleries ending within 3 days: each company's admins are e-mailed once per end date
 * (a new date earns a new reminder), in the language they use the admin in, and so are the fans who
 * left their details on the gallery and agreed to hear from the company (once per address, in the
 * language they left them in), to download what they want to keep; a closed account's
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
        slug: contentItem.slug,
        expiresAt: contentItem.expiresAt,
        company: organization.name,
        companySlug: organization.slug,
        subdomain: organization.subdomain,
        subdomainStatus: organization.subdomainStatus,
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
      // The end as it was typed (a wall-clock time), as the admin's panel shows it.
      const date = formatWallClock(gallery.expiresAt!, admin.language)
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
    sent += await remindFans(sweep, gallery)
  }
  return { galleries: ending.length, sent }
}

/**
 * The gallery's fans who may hear from its company (marketing consent on a lead left on it), each
 * address once, told in their language when it ends and given its link. Sent as the admins' are:
 * a mail that fails is logged, not tried again.
 */
async function remindFans(
  sweep: PlatformContext,
  gallery: {
    id: string
    companyId: string
    title: string
    slug: string | null
    expiresAt: Date | null
    company: string
    companySlug: string
    subdomain: string | null
    subdomainStatus: string | null
  },
) {
  if (!gallery.slug || !gallery.expiresAt) return 0
  const fans = await sweep.platform((tx) =>
    tx
      .selectDistinctOn([sql`lower(${lead.email})`], {
        email: lead.email,
        name: lead.fullName,
        language: lead.language,
      })
      .from(lead)
      .where(
        and(eq(lead.companyId, gallery.companyId), eq(lead.contentItemId, gallery.id), eq(lead.marketingConsent, true)),
      )
      .orderBy(sql`lower(${lead.email})`, sql`${lead.createdAt} desc`),
  )
  const url = galleryPublicUrl(
    { slug: gallery.companySlug, subdomain: gallery.subdomain, subdomainStatus: gallery.subdomainStatus },
    gallery.slug,
  )
  let sent = 0
  for (const fan of fans) {
    const language = fan.language && isLanguage(fan.language) ? fan.language : 'en'
    const t = getFixedT(language)
    const values = {
      title: gallery.title,
      company: gallery.company,
      name: fan.name,
      date: formatWallClock(gallery.expiresAt, language),
    }
    const mail = actionMail({
      to: fan.email,
      subject: t('protection.fanReminder.subject', values),
      greeting: t('protection.fanReminder.greeting', values),
      body: t('protection.fanReminder.body', values),
      action: t('protection.fanReminder.open'),
      url,
      footer: t('protection.fanReminder.footer', values),
    })
    await sendMail(mail).then(
      () => (sent += 1),
      (error) => logger.error({ err: error, contentItemId: gallery.id }, 'gallery end reminder to a fan not sent'),
    )
  }
  return sent
}
