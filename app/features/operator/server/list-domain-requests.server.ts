import { asc, eq } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import type { OperatorContext } from '#app/access/context'

/** Custom domains the operator has not reviewed yet, oldest first, with where their DNS stands. */
export async function listDomainRequests(operator: OperatorContext) {
  return operator.platform((tx) =>
    tx
      .select({
        domainId: customDomain.id,
        host: customDomain.host,
        state: customDomain.state,
        requestedAt: customDomain.createdAt,
        companyId: organization.id,
        name: organization.name,
        plan: organization.plan,
      })
      .from(customDomain)
      .innerJoin(organization, eq(organization.id, customDomain.companyId))
      .where(eq(customDomain.approval, 'pending'))
      .orderBy(asc(customDomain.createdAt)),
  )
}
