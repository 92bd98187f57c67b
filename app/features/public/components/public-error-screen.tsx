import { isRouteErrorResponse, useLocation, useParams, useRouteError } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'
import { isErrorPayload } from '#app/lib/errors'
import {
  CompanyLoadFailure,
  PublicNotFound,
  publicLoadFailureOf,
  publicNotFoundOf,
  PublicUnavailable,
  publicUnavailableOf,
  NotFoundView,
  type PublicNotFoundKind,
} from '#app/components/not-found'

/** What a fans' page shows when it fails (PublicErrorBoundary): a suspended company, a load failure, or what is missing. */
export default function PublicErrorScreen({ fallback }: { fallback: PublicNotFoundKind }) {
  const error = useRouteError()
  const params = useParams()
  const unavailable = publicUnavailableOf(error)
  if (unavailable) return <PublicUnavailable {...unavailable} />
  if (isRetrySoon(error)) return <RetrySoon />
  if (publicLoadFailureOf(error)) return <CompanyLoadFailure />
  const notFound = publicNotFoundOf(error, fallback, params)
  if (!notFound) throw error
  return <PublicNotFound {...notFound} />
}

/** The database away for a moment (a restart, a failover): toHttpError's 503 `errors.unavailableForNow`. */
function isRetrySoon(error: unknown) {
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    isErrorPayload(error.data) &&
    error.data.messageKey === 'errors.unavailableForNow'
  )
}

/** "We'll be right back": the fan tries the same page again in a few seconds. */
function RetrySoon() {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <NotFoundView
      className="theme-night text-ink"
      code="503"
      title={t('errors.unavailableForNow')}
      message={t('errors.retrySoon')}
      back={{ to: `${location.pathname}${location.search}`, label: t('errors.tryAgain') }}
      testId="retry-soon"
    />
  )
}
