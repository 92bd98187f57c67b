import { useParams, useRouteError } from 'react-router'
import { isUnavailableForNow } from '#app/lib/errors'
import {
  CompanyLoadFailure,
  PublicNotFound,
  publicLoadFailureOf,
  publicNotFoundOf,
  PublicUnavailable,
  publicUnavailableOf,
  RetrySoon,
  type PublicNotFoundKind,
} from '#app/components/not-found'

/** What a fans' page shows when it fails (PublicErrorBoundary): a suspended company, a load failure, or what is missing. */
export default function PublicErrorScreen({ fallback }: { fallback: PublicNotFoundKind }) {
  const error = useRouteError()
  const params = useParams()
  const unavailable = publicUnavailableOf(error)
  if (unavailable) return <PublicUnavailable {...unavailable} />
  if (isUnavailableForNow(error)) return <RetrySoon className="theme-night text-ink" />
  if (publicLoadFailureOf(error)) return <CompanyLoadFailure />
  const notFound = publicNotFoundOf(error, fallback, params)
  if (!notFound) throw error
  return <PublicNotFound {...notFound} />
}
