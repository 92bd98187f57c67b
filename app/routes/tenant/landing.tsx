import { CompanyLandingView } from '#app/features/public/components/company-landing'
import { PublicErrorBoundary } from '#app/features/public/components/public-shell'
import { loadCompanyLanding } from '#app/features/public/server/load-company-landing.server'
import { refuseReservedSegment } from '#app/features/public/server/reserved-segments.server'
import { toHttpError } from '#app/lib/errors'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import type { Route } from './+types/landing'

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    refuseReservedSegment(params.clientSlug)
    const page = await loadCompanyLanding(request, params.clientSlug)
    const share = await buildShareCard(request, { kind: 'company', id: page.company.id, company: page.company, path: '', title: page.landing.title, description: page.landing.description })
    return { ...page, share }
  } catch (error) {
    throw toHttpError(error)
  }
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]
  const title = data.landing.title === data.company.name ? data.company.name : `${data.landing.title} · ${data.company.name}`
  return shareMeta(data.share, { documentTitle: title })
}

export default function CompanyLanding({ loaderData }: Route.ComponentProps) {
  return <CompanyLandingView {...loaderData} />
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="company" />
}
