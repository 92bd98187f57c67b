import type { CompanyLandingData } from '../components/company-landing'
import { MEDIA_TABS, readFilter } from '../components/filter-tabs'
import { getCompanyLanding, resolvePublicCompany } from './public-pages.server'

/** Everything the company landing shows, for `/{clientSlug}` or the company's subdomain root. */
export async function loadCompanyLanding(request: Request, clientSlug: string | undefined): Promise<CompanyLandingData> {
  const { company, basePath } = await resolvePublicCompany(request, clientSlug)
  return { company, basePath, ...(await getCompanyLanding(company)), tab: readFilter(request, MEDIA_TABS) }
}
