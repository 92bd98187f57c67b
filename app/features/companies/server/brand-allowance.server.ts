import { getEntitlements } from '#app/features/billing/entitlements'
import { type Membership } from '#app/access/context'

/**
 * Whether a person may create another company ("brand"): everyone may create their first; more
 * come with Enterprise (docs/product.md), counted over the companies they administer. A new
 * brand is attached to the Enterprise company that allows it, and shares its plan.
 */
export function brandAllowanceOf(memberships: Membership[], now = new Date()) {
  if (memberships.length === 0) return { memberships, canCreate: true, coveredBy: null }
  const administered = memberships.filter((membership) => membership.role === 'admin')
  const enterprise = administered.find(
    (membership) => getEntitlements(membership, now).brandsPerAccount > administered.length,
  )
  return {
    memberships,
    canCreate: Boolean(enterprise),
    coveredBy: enterprise ? { id: enterprise.companyId, name: enterprise.companyName } : null,
  }
}
