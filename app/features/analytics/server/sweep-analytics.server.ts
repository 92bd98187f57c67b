import { sql } from 'drizzle-orm'
import { retentionCutoff } from '#app/features/privacy/retention-periods'
import type { PlatformContext } from '#app/access/context'
import { dropExpiredPartitions, ensurePartitions, monthOf } from './event-partitions.server'
import { deleteExpiredSalts, SALT_LIFETIME_HOURS, utcDay } from './visitor-id.server'

/**
 * The analytics housekeeping job: salts and per-visitor marks older than 48 h go (no cookieless
 * visitor id outlives them), next month's partition is made ahead, and raw events past the
 * retention leave with their month, as do likes unchanged for as long. Rollups stay.
 */
export async function sweepAnalytics(sweep: PlatformContext, options: { retentionMonths: number; now?: Date }) {
  const now = options.now ?? new Date()
  const salts = await deleteExpiredSalts(now)
  const cutoff = new Date(now.getTime() - SALT_LIFETIME_HOURS * 3600_000)
  await sweep.platform(async (tx) => {
    await tx.execute(sql`delete from analytics_visitor_marks where day < ${utcDay(cutoff)}::date`)
    await tx.execute(sql`delete from analytics_view_marks where last_view_at < ${cutoff.toISOString()}::timestamptz`)
    // Consented visitors keep their like; a cookieless visitor's id ends with its salt.
    await tx.execute(
      sql`delete from analytics_likes where visitor like 'd:%' and updated_at < ${cutoff.toISOString()}::timestamptz`,
    )
    // A consented visitor's id is stable: a like left unchanged as long as raw events are kept is forgotten (the counts stay).
    await tx.execute(
      sql`delete from analytics_likes where updated_at < ${retentionCutoff({ amount: options.retentionMonths, unit: 'months' }, now).toISOString()}::timestamptz`,
    )
  })
  await ensurePartitions([monthOf(now), monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)))])
  const dropped = await dropExpiredPartitions(options.retentionMonths, now)
  return { salts: salts.length, droppedMonths: dropped }
}
