import { asc, eq, sql } from 'drizzle-orm'
import { customDomain, member, organization, user } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { COMPANY_SUMMARY } from './list-companies.server'
import type { OperatorContext } from '#app/access/context'

/** One company as the operator sees it: its state, its addresses, its people and what it holds. */
export async function getCompanyDetail(operator: OperatorContext, companyId: string) {
  return operator.platform(async (tx) => {
    const [company] = await tx
      .select({
        ...COMPANY_SUMMARY,
        suspendedReason: organization.suspendedReason,
        subdomainRequestedAt: organization.subdomainRequestedAt,
        subdomainRejectionReason: organization.subdomainRejectionReason,
        subdomainDnsState: organization.subdomainDnsState,
        primaryEmail: organization.primaryEmail,
        website: organization.website,
        country: organization.country,
        contentItems: sql<number>`(select count(*)::int from content_items c where c.company_id = companies.id)`,
        events: sql<number>`(select count(*)::int from events e where e.company_id = companies.id)`,
        leads: sql<number>`(select count(*)::int from leads l where l.company_id = companies.id)`,
      })
      .from(organization)
      .where(eq(organization.id, companyId))
    if (!company) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
    const people = await tx
      .select({ name: user.name, email: user.email, role: member.role, since: member.createdAt })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, companyId))
      .orderBy(asc(member.createdAt))
    const domains = await tx
      .select({
        id: customDomain.id,
        host: customDomain.host,
        state: customDomain.state,
        approval: customDomain.approval,
        rejectionReason: customDomain.rejectionReason,
      })
      .from(customDomain)
      .where(eq(customDomain.companyId, companyId))
      .orderBy(asc(customDomain.createdAt))
    return { company, people, domains }
  })
}
