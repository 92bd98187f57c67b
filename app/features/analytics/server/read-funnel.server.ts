import { and, between, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { analyticsDaily } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { FunnelStep } from '../analytics-events'
import { ZEngagementRange } from './read-engagement.server'

export type Funnel = Record<FunnelStep, number>

/** Whose funnel: the whole company's, or one event's or item's (`?funnel=event:<id>` on the page). */
export const ZFunnelSubject = z.object({ scope: z.enum(['event', 'item']), id: z.uuid() })
export type TFunnelSubject = z.infer<typeof ZFunnelSubject>

/** The `funnel` query parameter (`item:<id>` or `event:<id>`); none is the company's funnel, anything else is refused. */
export function parseFunnelSubject(value: string | null): TFunnelSubject | null {
  if (value === null || value === '') return null
  const [scope, id] = value.split(':')
  const parsed = ZFunnelSubject.safeParse({ scope, id })
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'analytics.admin.errors.funnel')
  return parsed.data
}

/** The query parameter of a subject, for links. */
export const funnelParam = (subject: TFunnelSubject) => `${subject.scope}:${subject.id}`

/**
 * The funnel of a range (ADR 046): how many visitors viewed something, left their details,
 * downloaded and shared, each once per visitor and day like the unique visitors, from the
 * daily rollups of the company or of one of its events or items. Steps are not nested: a gallery
 * that does not ask for details is downloaded without a lead, and hiding those downloads would not be honest.
 */
export async function readFunnel(context: TenantContext, rangeInput: unknown, subjectInput?: unknown): Promise<Funnel> {
  const parsed = ZEngagementRange.safeParse(rangeInput)
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'analytics.errors.range')
  const range = parsed.data
  let subject: TFunnelSubject | null = null
  if (subjectInput !== undefined && subjectInput !== null) {
    const parsedSubject = ZFunnelSubject.safeParse(subjectInput)
    if (!parsedSubject.success) throw new AppError('BAD_REQUEST', 'analytics.admin.errors.funnel')
    subject = parsedSubject.data
  }
  return context.withTenant(async (tx) => {
    const [row] = await tx
      .select({
        view: sql<number>`coalesce(sum(${analyticsDaily.viewers}), 0)::int`,
        lead: sql<number>`coalesce(sum(${analyticsDaily.leadVisitors}), 0)::int`,
        download: sql<number>`coalesce(sum(${analyticsDaily.downloadVisitors}), 0)::int`,
        share: sql<number>`coalesce(sum(${analyticsDaily.shareVisitors}), 0)::int`,
      })
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.companyId, context.company.id),
          eq(analyticsDaily.scope, subject?.scope ?? 'company'),
          eq(analyticsDaily.subject, subject?.id ?? ''),
          between(analyticsDaily.day, range.from, range.to),
        ),
      )
    return row
  })
}
