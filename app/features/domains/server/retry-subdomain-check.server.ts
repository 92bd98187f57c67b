import { assertCanEditSettings } from '#app/features/companies/server/settings-access.server'
import type { TenantContext } from '#app/access/context'
import { checkCompanySubdomain, SubdomainCheckFailed } from './check-company-subdomain.server'
import { queueSubdomainCheck } from './request-subdomain.server'

/**
 * The admin's Retry (or "Check now"): checks at once and says what it found. If the DNS still
 * cannot be asked, the background job keeps trying with backoff.
 */
export async function retrySubdomainCheck(context: TenantContext) {
  assertCanEditSettings(context)
  try {
    const check = await checkCompanySubdomain(context)
    return { ok: true as const, state: check?.state ?? null }
  } catch (error) {
    if (!(error instanceof SubdomainCheckFailed)) throw error
    await queueSubdomainCheck(context.company.id)
    return { ok: false as const, error: error.message }
  }
}
