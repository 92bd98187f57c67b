/*
 * How long the platform keeps each kind of personal data. The policy pages print these periods
 * and the daily `privacy.apply-retention` job (and the hourly analytics sweep) enforce them, so a
 * period changes in one place only.
 */

export type RetentionUnit = 'minutes' | 'hours' | 'days' | 'months'
export type RetentionPeriod = { amount: number; unit: RetentionUnit }

const period = (amount: number, unit: RetentionUnit): RetentionPeriod => ({ amount, unit })

export const RETENTION_PERIODS = {
  /** Contact messages and interest registrations, counted from our last exchange (sent or handled). */
  websiteMessages: period(24, 'months'),
  /** Server logs (kept by the host, see docs/architecture.md) and the mail outbox kept when no SMTP server is set. */
  logs: period(30, 'days'),
  /** The record of a session (address, browser) once it has ended. */
  endedSessions: period(1, 'days'),
  /** Sign-in counters of the auth library, keyed by the raw address. */
  signInCounters: period(1, 'minutes'),
  /** The day's random salt of cookieless visitor ids, and the per-visitor marks made with it. */
  analyticsSalt: period(48, 'hours'),
  /** The log of messages sent to a company's own systems (webhooks): they carry fans' details. */
  webhookDeliveries: period(30, 'days'),
  /** A company account its admin closed: deleted with its files and archives this long after (until then it can be reopened). */
  closedAccounts: period(30, 'days'),
} as const satisfies Record<string, RetentionPeriod>

/** Every period, with the raw analytics events' months that the operator configures (ANALYTICS_RETENTION_MONTHS). */
export function retentionPeriods(analyticsRetentionMonths: number) {
  return { ...RETENTION_PERIODS, analyticsEvents: period(analyticsRetentionMonths, 'months') }
}

export type RetentionPeriods = ReturnType<typeof retentionPeriods>

/** The moment before which data kept for `kept` is due to go, at `now` (months by calendar, in UTC). */
export function retentionCutoff(kept: RetentionPeriod, now: Date): Date {
  if (kept.unit === 'months') {
    // The same day of an earlier month, or that month's last day (31 March − 1 month = 28/29 February).
    const month = now.getUTCMonth() - kept.amount
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0)).getUTCDate()
    return new Date(
      Date.UTC(
        now.getUTCFullYear(),
        month,
        Math.min(now.getUTCDate(), lastDay),
        now.getUTCHours(),
        now.getUTCMinutes(),
        now.getUTCSeconds(),
        now.getUTCMilliseconds(),
      ),
    )
  }
  const unitMs = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[kept.unit]
  return new Date(now.getTime() - kept.amount * unitMs)
}

/** The moment data dated `from` is due to go after being kept for `kept`: the other side of `retentionCutoff`. */
export function retentionEnd(kept: RetentionPeriod, from: Date): Date {
  if (kept.unit === 'months') {
    const month = from.getUTCMonth() + kept.amount
    const lastDay = new Date(Date.UTC(from.getUTCFullYear(), month + 1, 0)).getUTCDate()
    return new Date(
      Date.UTC(
        from.getUTCFullYear(),
        month,
        Math.min(from.getUTCDate(), lastDay),
        from.getUTCHours(),
        from.getUTCMinutes(),
        from.getUTCSeconds(),
        from.getUTCMilliseconds(),
      ),
    )
  }
  const unitMs = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[kept.unit]
  return new Date(from.getTime() + kept.amount * unitMs)
}

/** In hours, for code that counts in hours (the analytics salt). */
export function retentionHours(kept: RetentionPeriod): number {
  if (kept.unit === 'months') throw new Error('months have no fixed number of hours')
  return kept.amount * { minutes: 1 / 60, hours: 1, days: 24 }[kept.unit]
}
