import { isRouteErrorResponse, useRouteError } from 'react-router'
import { CompanyLandingView } from '#app/features/public/components/company-landing'
import { PublicNotFound } from '#app/features/public/components/public-shell'
import { loadCompanyLanding } from '#app/features/public/server/load-company-landing.server'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/landing'

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    return await loadCompanyLanding(request, params.clientSlug)
  } catch (error) {
    throw toHttpError(error)
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: data.company.name }, { property: 'og:title', content: data.company.name }, { property: 'og:type', content: 'website' }] : [{ title: 'Afterglow' }]

export default function CompanyLanding({ loaderData }: Route.ComponentProps) {
  return <CompanyLandingView {...loaderData} />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <PublicNotFound messageKey="public.notFound.company" backTo="/" />
  throw error
}
