import { and, between, eq, sql } from 'drizzle-orm'
import { analyticsDaily } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/lib/tenant.server'
import type { FunnelStep } from '../analytics-events'
import { ZEngagementRange } from './read-engagement.server'

export type Funnel = Record<FunnelStep, number>

/**
 * The funnel of a range (ADR 046): how many visitors viewed something, left their details,
 * downloaded and shared, each once per visitor and day like the unique visitors, from the
 * company's daily rollups. Steps are not nested: a gallery that does not ask for details is
 * downloaded without a lead, and hiding those downloads would not be honest.
 */
export async function readFunnel(context: TenantContext, rangeInput: unknown): Promise<Funnel> {
  const parsed = ZEngagementRange.safeParse(rangeInput)
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'analytics.errors.range')
  const range = parsed.data
  return context.withTenant(async (tx) => {
    const [row] = await tx
      .select({
        view: sql<number>`coalesce(sum(${analyticsDaily.viewers}), 0)::int`,
        lead: sql<number>`coalesce(sum(${analyticsDaily.leadVisitors}), 0)::int`,
        download: sql<number>`coalesce(sum(${analyticsDaily.downloadVisitors}), 0)::int`,
        share: sql<number>`coalesce(sum(${analyticsDaily.shareVisitors}), 0)::int`,
      })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.companyId, context.company.id), eq(analyticsDaily.scope, 'company'), between(analyticsDaily.day, range.from, range.to)))
    return row
  })
}
