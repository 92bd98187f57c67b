import { useTranslation } from '#app/lib/react-i18n'
import { isRouteErrorResponse, Link, useLocation, useParams, useRouteError } from 'react-router'
import { isErrorPayload, isUnavailableForNow } from '#app/lib/errors'
import { cn } from '#app/lib/cn'
import { buttonClasses } from './ui/button-classes'

/** One look for every "not found": the code, what is missing, why, and the way back. */
export function NotFoundView({
  title,
  message,
  back,
  className,
  testId,
  code = '404',
}: {
  title: string
  message: string
  back: { to: string; label: string }
  className?: string
  testId?: string
  code?: string
}) {
  return (
    <main className={cn('grid min-h-dvh place-items-center bg-surface px-6', className)} data-testid={testId}>
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">{code}</p>
        <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
        <p className="mt-3 text-ink-muted">{message}</p>
        <Link to={back.to} className={buttonClasses('primary', 'lg', 'mt-8')}>
          {back.label}
        </Link>
      </div>
    </main>
  )
}

/** The fans' pages' not-found states, each with its own title and hint (public.notFound.*). */
export const PUBLIC_NOT_FOUND_KINDS = ['company', 'unidentified', 'event', 'gallery', 'content', 'page'] as const
export type PublicNotFoundKind = (typeof PUBLIC_NOT_FOUND_KINDS)[number]

/** Night canvas, like the company's pages; back to the company's home when it is known, else the platform's. */
export function PublicNotFound({
  kind,
  home,
  companyName,
}: {
  kind: PublicNotFoundKind
  home: string
  companyName?: string
}) {
  const { t } = useTranslation()
  return (
    <NotFoundView
      className="theme-night text-ink"
      title={t(`public.notFound.${kind}`)}
      message={t(`public.notFound.hint.${kind}`)}
      back={{
        to: home,
        label: companyName ? t('public.notFound.backTo', { name: companyName }) : t('public.notFound.back'),
      }}
      testId={`not-found-${kind}`}
    />
  )
}

/**
 * What a fans' page 404 says: the loader's own reason (an AppError with a public.notFound key
 * and where to go back to) when it gave one, else `fallback`. Null for anything but a 404.
 */
export function publicNotFoundOf(error: unknown, fallback: PublicNotFoundKind | null, params: { clientSlug?: string }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null
  const payload = isErrorPayload(error.data) ? error.data : null
  const kind = PUBLIC_NOT_FOUND_KINDS.find((key) => payload?.messageKey === `public.notFound.${key}`) ?? fallback
  if (!kind) return null
  const details = (payload?.details ?? {}) as { home?: unknown; companyName?: unknown }
  const home =
    typeof details.home === 'string' && /^(\/(?!\/)|https?:\/\/)/.test(details.home)
      ? details.home
      : params.clientSlug
        ? `/${params.clientSlug}`
        : '/'
  return { kind, home, companyName: typeof details.companyName === 'string' ? details.companyName : undefined }
}

/** A company the platform suspended: its fans' pages answer 503 with this, on the night canvas. */
export function publicUnavailableOf(error: unknown) {
  if (
    !isRouteErrorResponse(error) ||
    error.status !== 503 ||
    !isErrorPayload(error.data) ||
    error.data.messageKey !== 'public.unavailable.title'
  )
    return null
  const details = error.data.details as { home?: unknown; companyName?: unknown }
  return {
    home: typeof details.home === 'string' && /^https?:\/\//.test(details.home) ? details.home : '/',
    companyName: typeof details.companyName === 'string' ? details.companyName : '',
  }
}

/** A company's page that failed to load (a 5xx): the spec's "could not load company information". */
export function publicLoadFailureOf(error: unknown) {
  return isRouteErrorResponse(error) && error.status >= 500 && error.status !== 503
}

export function CompanyLoadFailure() {
  const { t } = useTranslation()
  return (
    <NotFoundView
      className="theme-night text-ink"
      code="500"
      title={t('errors.companyLoad')}
      message={t('errors.generic')}
      back={{ to: '/', label: t('public.notFound.back') }}
      testId="company-load-failed"
    />
  )
}

export function PublicUnavailable({ home, companyName }: { home: string; companyName: string }) {
  const { t } = useTranslation()
  return (
    <NotFoundView
      className="theme-night text-ink"
      code="503"
      title={t('public.unavailable.title')}
      message={t('public.unavailable.text', { company: companyName })}
      back={{ to: home, label: t('public.notFound.back') }}
      testId="company-unavailable"
    />
  )
}

/** "We'll be right back" (the database away for a moment): the same page is tried again in a few seconds. */
export function RetrySoon({ className }: { className?: string }) {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <NotFoundView
      className={className}
      code="503"
      title={t('errors.unavailableForNow')}
      message={t('errors.retrySoon')}
      back={{ to: `${location.pathname}${location.search}`, label: t('errors.tryAgain') }}
      testId="retry-soon"
    />
  )
}

/** Any other path, and the last-resort 404 of the root (a company's subdomain root lands here too). */
export function NotFoundScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const error = useRouteError()
  // A staff page whose loader met the database away reaches the root's boundary.
  if (isUnavailableForNow(error)) return <RetrySoon />
  const fansPage = publicNotFoundOf(error, null, params)
  if (fansPage) return <PublicNotFound {...fansPage} />
  return (
    <NotFoundView
      title={t('errors.notFound.title')}
      message={t('errors.notFound.message')}
      back={{ to: '/', label: t('errors.notFound.back') }}
      testId="not-found-page"
    />
  )
}
