import { LANDING_TABS, type CompanyLandingData } from '../components/company-landing'
import { getCompanyLanding, resolvePublicCompany } from './public-pages.server'

/** Everything the company landing shows, for `/{clientSlug}` or the company's subdomain root. */
export async function loadCompanyLanding(request: Request, clientSlug: string | undefined): Promise<CompanyLandingData> {
  const { company, basePath } = await resolvePublicCompany(request, clientSlug)
  const requested = new URL(request.url).searchParams.get('type')
  return { company, basePath, ...(await getCompanyLanding(company)), tab: LANDING_TABS.find((name) => name === requested) ?? 'all' }
}
