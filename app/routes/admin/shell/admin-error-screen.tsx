import { ShieldAlert } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { isRouteErrorResponse, Link, useRevalidator } from 'react-router'
import { Button, buttonClasses } from '#app/components/ui/button'
import { isErrorPayload } from '#app/lib/errors'

type Kind = 'forbidden' | 'profile' | 'missing' | 'system'

function describe(error: unknown): {
  kind: Kind
  status: number | string
  details: Record<string, unknown>
  textKey?: string
  text?: string
} {
  if (isRouteErrorResponse(error)) {
    const details = isErrorPayload(error.data) ? error.data.details : {}
    if (error.status === 403) return { kind: 'forbidden', status: 403, details }
    if (error.status === 404 && isErrorPayload(error.data))
      return { kind: 'missing', status: 404, details, textKey: error.data.messageKey }
    if (error.status === 404) return { kind: 'profile', status: 404, details }
    return {
      kind: 'system',
      status: error.status,
      details,
      textKey: isErrorPayload(error.data) ? error.data.messageKey : undefined,
      text: error.statusText,
    }
  }
  return { kind: 'system', status: 'error', details: {}, text: error instanceof Error ? error.message : undefined }
}

/**
 * The admin's error and access-denied screen: titled "System error" when loading failed,
 * "Profile not found" otherwise, with the facts support needs and three ways out. A page whose
 * failed load has words of its own (a gallery's) names them in `loadFailureKey`.
 */
export function AdminErrorScreen({
  error,
  role,
  companyId,
  loadFailureKey,
}: {
  error: unknown
  role?: string
  companyId?: string
  loadFailureKey?: string
}) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const { kind, status, details, textKey, text } = describe(error)
  const titles: Record<Kind, string> = {
    system: t('admin.error.systemTitle'),
    forbidden: t('admin.error.accessDeniedTitle'),
    profile: t('admin.error.profileTitle'),
    missing: t('errors.notFound.title'),
  }
  const title = titles[kind]
  const message =
    kind === 'forbidden'
      ? t('admin.error.accessDenied')
      : kind === 'profile'
        ? t('admin.error.profileMissing')
        : kind === 'system' && loadFailureKey
          ? t(loadFailureKey)
          : textKey
            ? t(textKey, details)
            : text || t('errors.unknown')
  const debug = {
    [t('admin.error.debugRole')]: String(details.role ?? role ?? '—'),
    [t('admin.error.debugCompany')]: String(details.companyId ?? companyId ?? '—'),
    [t('admin.error.debugStatus')]: String(details.status ? `${status} · ${details.status}` : status),
  }
  return (
    <div className="mx-auto max-w-xl py-12" role="alert" data-testid="admin-error">
      <ShieldAlert aria-hidden className="size-10 text-danger" />
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-ink-muted">{message}</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border border-line bg-surface-muted p-4 font-mono text-xs">
        {Object.entries(debug).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
          {t('admin.error.reloadData')}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('admin.error.reloadPage')}
        </Button>
        <Link to="/" className={buttonClasses('ghost')}>
          {t('common.backToHome')}
        </Link>
      </div>
    </div>
  )
}
