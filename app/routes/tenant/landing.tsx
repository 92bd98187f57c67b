import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { installMetaOf } from '#app/features/public/install-links'
import { CompanyLandingView } from '#app/features/companies/landing/components/company-landing'
import { PublicErrorBoundary } from '#app/features/public/components/public-shell'
import {
  loadCompanyLanding,
  shareCompanyLanding,
} from '#app/features/companies/landing/server/load-company-landing.server'
import { refuseReservedSegment } from '#app/features/public/server/reserved-segments.server'
import { MEDIA_TABS, readFilter } from '#app/features/public/components/filter-tabs'
import { landingBatchesFrom } from '#app/features/public/page-batches'
import { toHttpError } from '#app/lib/errors'
import { visitOf } from '#app/access/visit.server'
import { useFanTracking } from '#app/features/analytics/use-fan-tracking'
import { data } from 'react-router'
import { changesAtHeaders, changesAtOf } from '#app/lib/page-changes-at'
import type { Route } from './+types/landing'

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    refuseReservedSegment(params.clientSlug)
    const visit = await visitOf(request)
    // "Show more" asks for more of a section (?galleries=48, ?events=40).
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const page = await loadCompanyLanding(visit, context, {
      tab: readFilter(request.url, MEDIA_TABS),
      ...landingBatchesFrom(new URL(request.url).searchParams),
    })
    const { share, meta } = await shareCompanyLanding(visit, context, page)
    const { nextEnd, ...shown } = page
    // A gallery it lists ends then: the page is kept no longer.
    return data(
      { ...shown, share, meta: [...meta, ...installMetaOf(context)] },
      { headers: changesAtHeaders([nextEnd]) },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => changesAtOf(loaderHeaders)

export const meta: Route.MetaFunction = ({ data }) =>
  data?.meta ?? [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function CompanyLanding({ loaderData }: Route.ComponentProps) {
  useFanTracking({ companyId: loaderData.company.id, page: 'landing' })
  return <CompanyLandingView {...loaderData} />
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="company" />
}
