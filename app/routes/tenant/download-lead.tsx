import { ArrowLeft, Download } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { data, Form, Link, redirect } from 'react-router'
import { buttonClasses, Button } from '#app/components/ui/button'
import { fieldErrors } from '#app/lib/form-errors'
import { leadFormPath, parseDownloadPath } from '#app/features/galleries/downloads/downloads'
import { findDownloadTarget } from '#app/features/galleries/downloads/server/find-download.server'
import { LeadCaptureFields, type LeadFieldValues } from '#app/features/leads/components/lead-capture-fields'
import type { LeadCaptureResult } from '#app/features/leads/components/lead-capture-dialog'
import { ZLeadCapture } from '#app/features/leads/lead-capture.schema'
import { captureLead } from '#app/features/leads/server/capture-lead.server'
import { findKnownLead, leadSetCookie } from '#app/features/leads/server/lead-cookie.server'
import { PublicErrorBoundary, PublicShell } from '#app/features/public/components/public-shell'
import { AppError, toHttpError } from '#app/lib/errors'
import { visitOf, type Visit } from '#app/access/visit.server'
import type { Route } from './+types/download-lead'
import { clientAddress, consumeRateLimit, passRetryAfter, retryAfterHeader } from '#app/lib/rate-limit.server'
import { knockOfRequest, refusalAt } from '#app/lib/refusal-door.server'
import { LEAD_CAPTURE_RATE_LIMIT, LEAD_FORM_DOOR } from '#app/features/leads/server/lead-capture-rate-limit.server'
import { readForm } from '#app/lib/read-form.server'
import { recordServerEvent } from '#app/features/analytics/server/record-server-event.server'
import { PUBLIC_DOOR } from '#app/access/public-visitor.server'

/*
 * The lead form as a page: where a download link leads without JavaScript (and the action the
 * dialog posts to). After the details are in, the page starts the download itself.
 */

async function targetOf(visit: Visit, next: unknown) {
  const wanted = parseDownloadPath(next)
  if (!wanted) throw new AppError('NOT_FOUND', 'downloads.errors.notFound')
  return { wanted, ...(await findDownloadTarget(PUBLIC_DOOR, visit, wanted)) }
}

/** Only an address on the web is kept as where the fan came from. */
function sourceUrlOf(value: unknown) {
  if (typeof value !== 'string' || value.length > 2000) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const { wanted, context, item } = await targetOf(visit, new URL(request.url).searchParams.get('next'))
    // The page wears the company's own frame (name, logo, colours), as its gallery does.
    const { company, basePath } = context
    const leadKnown = Boolean(await findKnownLead(context.record, visit.cookies, company.id))
    return {
      company,
      basePath,
      title: item.title,
      next: wanted.path,
      ready: leadKnown || !item.requireLead,
      backTo: item.kind === 'gallery' && item.slug ? `${basePath}/galeria/${item.slug}` : basePath || '/',
      privacyHref: `${basePath}/privacidade`,
      sourceUrl: sourceUrlOf(request.headers.get('referer')),
    }
  } catch (error) {
    throw toHttpError(error)
  }
}

/** The dialog reads `ok` and `errors`; the page also gets back what the fan typed. */
type LeadAnswer = LeadCaptureResult | { ok: false; errors: Record<string, string[]>; values: LeadFieldValues }

export async function action({ request }: Route.ActionArgs) {
  // Already refused (a flood): answered before the form is read or anything is looked up.
  const refused = refusalAt(LEAD_FORM_DOOR, knockOfRequest(request))
  if (refused) return tooMany(refused)
  try {
    return await takeLead(request)
  } catch (error) {
    // The database away for a moment: 503 with Retry-After and the fan's language, not a failure.
    throw toHttpError(error)
  }
}

async function takeLead(request: Request) {
  const form = await readForm(request)
  const visit = await visitOf(request)
  let target
  try {
    target = await targetOf(visit, form.next)
  } catch (error) {
    if (error instanceof AppError)
      return data<LeadAnswer>({ ok: false, errors: { form: [error.messageKey] } }, { status: 404 })
    throw error
  }
  const parsed = ZLeadCapture.safeParse(form)
  if (!parsed.success) {
    const values: LeadFieldValues = {
      fullName: typeof form.fullName === 'string' ? form.fullName : '',
      email: typeof form.email === 'string' ? form.email : '',
      phone: typeof form.phone === 'string' ? form.phone : '',
      organisation: typeof form.organisation === 'string' ? form.organisation : '',
      marketingConsent: form.marketingConsent === 'on',
    }
    return data<LeadAnswer>({ ok: false, errors: fieldErrors(parsed.error), values }, { status: 400 })
  }
  const allowed = await consumeRateLimit(LEAD_CAPTURE_RATE_LIMIT, clientAddress(request))
  if (!allowed.allowed) return tooMany(allowed.retryAfterSeconds)
  const { context, item, wanted } = target
  const company = context.company
  const { leadId } = await captureLead(context, parsed.data, {
    contentItemId: item.id,
    eventId: item.eventId,
    language: visit.language,
    userAgent: request.headers.get('user-agent'),
    sourceUrl: sourceUrlOf(form.sourceUrl) ?? sourceUrlOf(request.headers.get('referer')),
  })
  await recordServerEvent(company.id, visit, { type: 'lead', contentId: item.id, eventId: item.eventId })
  const headers = { 'Set-Cookie': leadSetCookie(company.id, leadId) }
  if (form.intent === 'dialog') return data<LeadAnswer>({ ok: true }, { headers })
  // Back to this page, which now knows the fan and starts the download.
  return redirect(leadFormPath(wanted.path), { status: 303, headers })
}

const tooMany = (retryAfterSeconds: number) =>
  data<LeadAnswer>(
    { ok: false, errors: { form: ['downloads.errors.tooMany'] } },
    { status: 429, headers: retryAfterHeader(retryAfterSeconds) },
  )

/** A refused flood tells the client when to come back. */
export const headers = passRetryAfter

export const meta: Route.MetaFunction = ({ data: page }) => {
  if (!page) return [{ title: 'Afterglow' }]
  return [
    { title: `${page.title} · ${page.company.name}` },
    { name: 'robots', content: 'noindex' },
    // Starts the download without JavaScript; the page stays for "Download now" and "Back".
    ...(page.ready ? [{ httpEquiv: 'refresh', content: `1;url=${page.next}` }] : []),
  ]
}

export default function DownloadLeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { company, basePath, title, next, ready, backTo, privacyHref, sourceUrl } = loaderData
  const errors = actionData && !actionData.ok ? actionData.errors : {}
  const values =
    actionData && !actionData.ok && 'values' in actionData ? (actionData.values as LeadFieldValues) : undefined
  return (
    <PublicShell company={company} basePath={basePath}>
      <div className="mx-auto max-w-lg px-4 py-10 sm:px-6 sm:py-16">
        <Link to={backTo} className="inline-flex min-h-11 items-center gap-1.5 text-sm text-ink-muted hover:text-ink">
          <ArrowLeft aria-hidden className="size-4" />
          {t('downloads.lead.page.back')}
        </Link>
        {ready ? (
          <section className="mt-4 rounded-2xl border border-line bg-surface-muted/40 p-6" aria-live="polite">
            <h1 className="text-2xl font-semibold">{t('downloads.lead.page.readyTitle')}</h1>
            <p className="mt-2 text-ink-muted">{t('downloads.lead.page.readyText', { title })}</p>
            <a href={next} className={buttonClasses('primary', 'lg', 'mt-6 w-full sm:w-auto')}>
              <Download aria-hidden className="size-4" />
              {t('downloads.lead.page.downloadNow')}
            </a>
          </section>
        ) : (
          <section className="mt-4 rounded-2xl border border-line bg-surface-muted/40 p-5 sm:p-6">
            <h1 className="text-2xl font-semibold">{t('downloads.lead.title')}</h1>
            <p className="mt-2 text-sm text-ink-muted">
              {t('downloads.lead.page.intro', { company: company.name, title })}
            </p>
            {/* A full page post on purpose: the answer sets the cookie and the next page downloads. */}
            <Form method="post" reloadDocument noValidate className="mt-6">
              <input type="hidden" name="next" value={next} />
              {sourceUrl ? <input type="hidden" name="sourceUrl" value={sourceUrl} /> : null}
              <LeadCaptureFields errors={errors} values={values} companyName={company.name} privacyHref={privacyHref} />
              <Button type="submit" size="lg" className="mt-6 w-full">
                <Download aria-hidden className="size-4" />
                {t('downloads.lead.submit')}
              </Button>
            </Form>
          </section>
        )}
      </div>
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="content" />
}
