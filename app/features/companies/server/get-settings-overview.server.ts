import { pageTemplateOf } from '#app/features/companies/page-template'
import { LANGUAGES } from '#app/lib/i18n'
import type { TenantContext } from '#app/access/context'
import { getCompanySettings } from './get-company-settings.server'

/** The registration details a complete profile has (the logo and social links are optional extras). */
const EXPECTED_DETAILS = ['website', 'country', 'city', 'phone', 'primaryEmail', 'industry', 'employeeCount'] as const

/** The one-line state of each settings card on the hub. */
export async function getSettingsOverview(context: TenantContext) {
  const { company, canEdit } = await getCompanySettings(context)
  const missing = EXPECTED_DETAILS.filter((field) => !company[field]).length + (company.texts.description?.en ? 0 : 1)
  const landingLanguages = LANGUAGES.filter(
    ({ code }) => company.texts.landingName?.[code] || company.texts.landingDescription?.[code],
  ).length
  const subdomain =
    company.subdomain && company.subdomainStatus
      ? {
          status: company.subdomainStatus,
          dnsState: company.subdomainDnsState,
          failed: company.subdomainStatus === 'active' && Boolean(company.subdomainLastError),
        }
      : null
  return {
    canEdit,
    companyDataMissing: missing,
    landingLanguages,
    subdomain,
    template: pageTemplateOf(company.template),
  }
}
