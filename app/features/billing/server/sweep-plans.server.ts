import { and, eq, gt, isNotNull, isNull, lte, ne } from 'drizzle-orm'
import { organization } from '#db/schema'
import { companyAdmins } from '#app/features/operator/server/company-admins.server'
import type { PlatformContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { daysLeft } from '../effective-plan'
import { paymentProviderName } from './payment-provider.server'
import { syncCompanyPlan } from './sync-company-plan.server'
import { advanceTestSubscriptions } from './test-provider.server'

/** The trial's reminder goes out this many days before it ends. */
export const TRIAL_REMINDER_DAYS = 3
const DAY_MS = 86_400_000

/**
 * Plans that ran out (a trial or a grace period's end) go back to what the company has now,
 * Starter unless it bought a plan; trials ending within 3 days get their reminder, once (not
 * a closed account's: it is going away).
 */
export async function sweepPlans(sweep: PlatformContext, now = new Date()) {
  // The built-in provider's periods end here, as Stripe's end on Stripe's side.
  if (paymentProviderName() === 'test') await advanceTestSubscriptions(now)
  const expired = await sweep.platform((tx) =>
    tx
      .select({ id: organization.id })
      .from(organization)
      .where(
        and(
          ne(organization.plan, 'starter'),
          isNotNull(organization.planValidUntil),
          lte(organization.planValidUntil, now),
        ),
      ),
  )
  for (const { id } of expired) await sweep.platform((tx) => syncCompanyPlan(tx, id, now))

  const ending = await sweep.platform((tx) =>
    tx
      .update(organization)
      .set({ trialReminderSentAt: now })
      .where(
        and(
          isNull(organization.trialReminderSentAt),
          gt(organization.trialEndsAt, now),
          lte(organization.trialEndsAt, new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS)),
          eq(organization.planValidUntil, organization.trialEndsAt),
          isNull(organization.closedAt),
        ),
      )
      .returning({ id: organization.id, name: organization.name, trialEndsAt: organization.trialEndsAt }),
  )
  for (const company of ending) {
    const days = daysLeft(company.trialEndsAt, now)
    // Each admin reads it in the language they use the admin in.
    for (const admin of await sweep.platform((tx) => companyAdmins(tx, company.id))) {
      const t = getFixedT(admin.language)
      const mail = actionMail({
        to: admin.email,
        subject: t('billing.mail.trialEndingSubject', { count: days }),
        greeting: t('operator.mail.greeting'),
        body: t('billing.mail.trialEndingBody', { count: days, company: company.name }),
        action: t('billing.mail.open'),
        url: `${getEnv().APP_URL}/admin/subscription`,
        footer: t('operator.mail.footer'),
      })
      await sendMail(mail).catch((error) =>
        logger.error({ err: error, companyId: company.id }, 'trial reminder not sent'),
      )
    }
  }
  return { expired: expired.length, reminded: ending.length }
}
