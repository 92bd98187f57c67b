import { and, inArray, lt, sql } from 'drizzle-orm'
import { formSubmission, outboxMail, rateLimit, session, verification } from '#db/schema'
import { sweepAnalytics } from '#app/features/analytics/server/sweep-analytics.server'
import { getEnv } from '#app/lib/env.server'
import type { PlatformContext } from '#app/access/context'
import { retentionCutoff, retentionPeriods } from '../retention-periods'
import { eraseClosedCompanies } from './erase-closed-companies.server'

/**
 * Deletes what the policies say is no longer kept (the daily `privacy.apply-retention` job).
 * Leads, their consent records and comments are not touched: the company, as controller, decides
 * how long they stay, and they go with the company (when its account, closed, is erased here).
 * Newsletter subscriptions stay until withdrawn.
 */
export async function applyRetention(sweep: PlatformContext, options: { now?: Date } = {}) {
  const now = options.now ?? new Date()
  const periods = retentionPeriods(getEnv().ANALYTICS_RETENTION_MONTHS)
  const before = (key: keyof typeof periods) => retentionCutoff(periods[key], now)

  const removed = await sweep.platform(async (tx) => {
    const messagesBefore = before('websiteMessages')
    const websiteMessages = await tx
      .delete(formSubmission)
      .where(
        and(
          inArray(formSubmission.kind, ['contact', 'interest']),
          sql`greatest(${formSubmission.createdAt}, coalesce(${formSubmission.handledAt}, ${formSubmission.createdAt})) < ${messagesBefore.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: formSubmission.id })
    const outboxMails = await tx
      .delete(outboxMail)
      .where(lt(outboxMail.createdAt, before('logs')))
      .returning({ id: outboxMail.id })
    const endedBefore = before('endedSessions')
    const sessions = await tx.delete(session).where(lt(session.expiresAt, endedBefore)).returning({ id: session.id })
    const verifications = await tx
      .delete(verification)
      .where(lt(verification.expiresAt, endedBefore))
      .returning({ id: verification.id })
    const signInCounters = await tx
      .delete(rateLimit)
      .where(lt(rateLimit.lastRequest, before('signInCounters').getTime()))
      .returning({ id: rateLimit.id })
    return {
      websiteMessages: websiteMessages.length,
      outboxMails: outboxMails.length,
      sessions: sessions.length,
      verifications: verifications.length,
      signInCounters: signInCounters.length,
    }
  })
  // Accounts closed longer than their period, with their files and archives.
  const closedAccounts = await eraseClosedCompanies(sweep, { now })
  // Analytics keeps its own hourly sweep (salts must not outlive 48 h by a day); run here too, one code path.
  const analytics = await sweepAnalytics(sweep, { retentionMonths: periods.analyticsEvents.amount, now })
  // A company that could not be erased (storage did not answer) makes the job fail, so it is retried.
  if (closedAccounts.failed > 0)
    throw new Error(`${closedAccounts.failed} closed company account(s) not erased: see the log`)
  return { ...removed, closedAccounts: closedAccounts.erased, analytics }
}
