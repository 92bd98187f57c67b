import { ArrowLeft, Download, KeyRound } from 'lucide-react'
import { data, Form, Link, redirect } from 'react-router'
import { Button, buttonClasses } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { parseDownloadPath } from '#app/features/galleries/downloads/downloads'
import { ZUnlockDownloads } from '#app/features/galleries/protection/protection'
import { downloadPinPath, protectedPageHeaders } from '#app/features/galleries/protection/protection-paths'
import { findPinTarget, unlockDownloads } from '#app/features/galleries/protection/server/unlock-downloads.server'
import { PublicErrorBoundary, PublicShell } from '#app/features/public/components/public-shell'
import { AppError, toHttpError } from '#app/lib/errors'
import { getRequestT } from '#app/lib/i18n.server'
import { clientAddress, retryAfterHeader } from '#app/lib/rate-limit.server'
import { readForm } from '#app/lib/read-form.server'
import { knockOfRequest, refusalAt, refusalParams, rememberAt } from '#app/lib/refusal-door.server'
import { DOWNLOAD_PIN_DOOR } from '#app/features/galleries/protection/server/unlock-doors.server'
import { useTranslation } from '#app/lib/react-i18n'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/download-pin'
import { PUBLIC_DOOR } from '#app/access/public-visitor.server'

// A gallery's download PIN (ADR 059): asked once, then the download is offered.
const NO_STORE = { 'Cache-Control': 'private, no-store' }

function wantedOf(next: unknown) {
  const wanted = parseDownloadPath(next)
  if (!wanted) throw new AppError('NOT_FOUND', 'downloads.errors.notFound')
  return wanted
}

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const wanted = wantedOf(new URL(request.url).searchParams.get('next'))
    const { target, unlocked } = await findPinTarget(PUBLIC_DOOR, visit, wanted)
    const { company, basePath } = target.context
    const backTo =
      target.item.kind === 'gallery' && target.item.slug ? `${basePath}/galeria/${target.item.slug}` : basePath || '/'
    return data(
      { company, basePath, title: target.item.title, next: wanted.path, unlocked, backTo },
      { headers: NO_STORE },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

export async function action({ request }: Route.ActionArgs) {
  // Already refused: answered before the form is read or the gallery looked up (a browser's own
  // post was answered by the server already, server/cheap-refusals.ts).
  const knock = knockOfRequest(request)
  const refused = refusalAt(DOWNLOAD_PIN_DOOR, knock)
  if (refused)
    return data(
      { error: getRequestT(request)(DOWNLOAD_PIN_DOOR.messageKey, refusalParams(refused)) },
      { status: 429, headers: { ...NO_STORE, ...retryAfterHeader(refused) } },
    )
  const visit = await visitOf(request)
  const form = ZUnlockDownloads.safeParse(await readForm(request))
  const t = getRequestT(request)
  try {
    if (!form.success) throw new AppError('NOT_FOUND', 'downloads.errors.notFound')
    const wanted = wantedOf(form.data.next)
    const { setCookie } = await unlockDownloads(PUBLIC_DOOR, visit, {
      wanted,
      pin: form.data.pin,
      clientAddress: clientAddress(request),
    })
    // Back to this page, which now offers the download.
    return redirect(downloadPinPath(wanted.path), {
      status: 303,
      headers: { ...NO_STORE, ...(setCookie ? { 'Set-Cookie': setCookie } : {}) },
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw toHttpError(error)
    const seconds = error.details.retryAfterSeconds
    // The next tries from this address at this page are refused before they are read.
    if (typeof seconds === 'number') rememberAt(DOWNLOAD_PIN_DOOR, knock, seconds)
    const retryAfter = typeof seconds === 'number' ? retryAfterHeader(seconds) : {}
    return data(
      { error: t(error.messageKey, error.details) },
      { status: error.status, headers: { ...NO_STORE, ...retryAfter } },
    )
  }
}

export const headers = protectedPageHeaders

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page ? `${page.title} · ${page.company.name}` : 'Afterglow' },
  { name: 'robots', content: 'noindex' },
]

export default function DownloadPinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { company, basePath, title, next, unlocked, backTo } = loaderData
  return (
    <PublicShell company={company} basePath={basePath}>
      <div className="mx-auto max-w-md px-4 py-10 sm:px-6 sm:py-16">
        <Link to={backTo} className="inline-flex min-h-11 items-center gap-1.5 text-sm text-ink-muted hover:text-ink">
          <ArrowLeft aria-hidden className="size-4" />
          {t('downloads.lead.page.back')}
        </Link>
        <section className="mt-4 rounded-2xl border border-line bg-surface-muted/40 p-6" data-testid="download-pin">
          <KeyRound aria-hidden className="size-6 text-accent" />
          {unlocked ? (
            <>
              <h1 className="mt-3 text-2xl font-semibold">{t('downloads.lead.page.readyTitle')}</h1>
              <p className="mt-2 text-ink-muted">{t('downloads.lead.page.readyText', { title })}</p>
              <a
                href={next}
                className={buttonClasses('primary', 'lg', 'mt-6 w-full sm:w-auto')}
                data-testid="download-now"
              >
                <Download aria-hidden className="size-4" />
                {t('downloads.lead.page.downloadNow')}
              </a>
            </>
          ) : (
            <>
              <h1 className="mt-3 text-2xl font-semibold">{t('public.protection.pinTitle')}</h1>
              <p className="mt-2 text-ink-muted">{t('public.protection.pinIntro', { title })}</p>
              <Form method="post" reloadDocument className="mt-6 space-y-4">
                <input type="hidden" name="next" value={next} />
                <Field
                  label={t('public.protection.pinLabel')}
                  errors={actionData?.error ? [actionData.error] : undefined}
                >
                  {(field) => (
                    <input
                      {...field}
                      name="pin"
                      inputMode="numeric"
                      pattern="[0-9]{4}"
                      maxLength={4}
                      autoComplete="off"
                      required
                      autoFocus
                    />
                  )}
                </Field>
                <Button type="submit" size="lg" className="w-full">
                  {t('public.protection.pinSubmit')}
                </Button>
              </Form>
            </>
          )}
        </section>
      </div>
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="content" />
}
