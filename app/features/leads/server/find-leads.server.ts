import { and, desc, eq, sql } from 'drizzle-orm'
import type { ContentPage } from '#app/features/galleries/server/list-content.server'
import { contentItem, event, lead } from '#db/schema'
import { needs, type TenantContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import { LEADS_PAGE_SIZE, type TLeadFilters } from '../leads.schema'
import { leadConditions } from './lead-conditions.server'
import { auditableFilters, recordLeadAccess } from './record-lead-access.server'

export type LeadListItem = Awaited<ReturnType<typeof findLeads>>['leads'][number]

/**
 * One page of the company's leads, newest first, with the content and event they came through,
 * how many match and how many there are in all. Looking at leads is audited.
 */
export const findLeads = needs(
  'leads.read',
  async function findLeads(
    context: TenantContext,
    filters: TLeadFilters,
    origin: RequestOrigin,
    cursorPage?: ContentPage,
  ) {
    const matches = leadConditions(context.company.id, filters)
    // The API's pages: cut after the last lead of the previous page, so new leads never shift them.
    const after = cursorPage?.after
      ? sql`(${lead.createdAt}, ${lead.id}) < (${cursorPage.after.position}::timestamptz, ${cursorPage.after.id}::uuid)`
      : undefined
    const where = after ? and(matches, after)! : matches
    const result = await context.withTenant(async (tx) => {
      const [counts] = await tx
        .select({ total: sql<number>`count(*)::int`, matching: sql<number>`(count(*) filter (where ${matches}))::int` })
        .from(lead)
        .where(eq(lead.companyId, context.company.id))
      const pageCount = Math.max(1, Math.ceil(counts.matching / LEADS_PAGE_SIZE))
      // A page past the end (rows were deleted, or a stale link) shows the last one instead.
      const page = Math.min(filters.page ?? 1, pageCount)
      const leads = await tx
        .select({
          id: lead.id,
          position: sql<string>`${lead.createdAt}::text`,
          fullName: lead.fullName,
          email: lead.email,
          phone: lead.phone,
          organisation: lead.organisation,
          createdAt: lead.createdAt,
          privacyAcceptedAt: lead.privacyAcceptedAt,
          dataProcessingConsent: lead.dataProcessingConsent,
          marketingConsent: lead.marketingConsent,
          contentItemId: lead.contentItemId,
          contentTitle: contentItem.title,
          eventId: lead.eventId,
          eventTitle: event.title,
        })
        .from(lead)
        .leftJoin(contentItem, eq(contentItem.id, lead.contentItemId))
        .leftJoin(event, eq(event.id, lead.eventId))
        .where(where)
        .orderBy(desc(lead.createdAt), desc(lead.id))
        .limit(cursorPage ? cursorPage.limit + 1 : LEADS_PAGE_SIZE)
        .offset(cursorPage ? 0 : (page - 1) * LEADS_PAGE_SIZE)
      return { leads, total: counts.total, matching: counts.matching, page, pageCount, pageSize: LEADS_PAGE_SIZE }
    })
    await recordLeadAccess(context, origin, 'leads.list', {
      ...auditableFilters(filters),
      page: result.page,
      shown: result.leads.length,
    })
    return result
  },
)
