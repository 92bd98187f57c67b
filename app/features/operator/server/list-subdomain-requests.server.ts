import { asc, eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { OperatorContext } from '#app/access/context'

/** Subdomains waiting for the operator, oldest first. */
export async function listSubdomainRequests(operator: OperatorContext) {
  return operator.platform((tx) =>
    tx
      .select({
        companyId: organization.id,
        name: organization.name,
        slug: organization.slug,
        plan: organization.plan,
        label: organization.subdomain,
        requestedAt: organization.subdomainRequestedAt,
      })
      .from(organization)
      .where(eq(organization.subdomainStatus, 'pending'))
      .orderBy(asc(organization.subdomainRequestedAt)),
  )
}
