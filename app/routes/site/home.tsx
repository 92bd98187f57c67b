import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { siteVisitorOf } from '#app/access/site-visitor.server'
import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import { isCurrency, currencyForLanguage } from '#app/features/billing/plans'
import { MarketingHome } from '#app/features/marketing/components/marketing-home'
import { isMarketingFormKind, type MarketingFormResponse } from '#app/features/marketing/marketing-forms.schema'
import { submitMarketingForm } from '#app/features/marketing/server/submit-marketing-form.server'
import { CompanyLandingView } from '#app/features/companies/landing/components/company-landing'
import { MEDIA_TABS, readFilter } from '#app/features/public/components/filter-tabs'
import { installMetaOf } from '#app/features/public/install-links'
import {
  loadCompanyLanding,
  shareCompanyLanding,
} from '#app/features/companies/landing/server/load-company-landing.server'
import { staysOnPage } from '#app/lib/action-changed-nothing'
import { isDatabaseUnavailable, toHttpError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '#app/lib/errors'
import { buildSiteShareCard } from '#app/features/sharing/server/build-share-card.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import { getFixedT } from '#app/lib/i18n.server'
import { logger } from '#app/lib/logger.server'
import { requestHost, visitOf } from '#app/access/visit.server'
import { passRetryAfter, retryAfterHeader } from '#app/lib/rate-limit.server'
import { knockOfRequest, refusalAt } from '#app/lib/refusal-door.server'
import { MARKETING_FORM_DOOR } from '#app/features/marketing/server/marketing-form-rate-limit.server'
import type { Route } from './+types/home'
import { readForm } from '#app/lib/read-form.server'

export async function loader({ request }: Route.LoaderArgs) {
  // On a company's subdomain, the root is that company's landing page.
  const visit = await visitOf(request)
  if (visit.host.kind === 'company') {
    try {
      const context = await resolvePublicCompany(visit, undefined)
      const landing = await loadCompanyLanding(visit, context, {
        tab: readFilter(request.url, MEDIA_TABS),
      })
      const { share, meta } = await shareCompanyLanding(visit, context, landing)
      return { mode: 'company' as const, landing, share, meta: [...meta, ...installMetaOf(context)] }
    } catch (error) {
      throw toHttpError(error)
    }
  }
  const t = getFixedT(visit.language)
  const requested = new URL(request.url).searchParams.get('currency')
  const share = buildSiteShareCard(visit.language, {
    title: t('home.metaTitle'),
    description: t('home.metaDescription'),
  })
  return {
    mode: 'platform' as const,
    currency: isCurrency(requested) ? requested : currencyForLanguage(visit.language),
    share,
    meta: shareMeta(share),
  }
}

/** The marketing site's interest, newsletter and contact forms (one action; `kind` says which). */
export async function action({ request }: Route.ActionArgs) {
  if ((await requestHost(request)).kind === 'company') throw data(null, { status: 404 })
  // Already refused (a flood): the form's address says which form it is, so it is not read. A
  // browser without the script was answered by the server already (server/cheap-refusals.ts).
  const refused = refusalAt(MARKETING_FORM_DOOR, knockOfRequest(request))
  const named = new URL(request.url).searchParams.get('kind')
  const form = refused && isMarketingFormKind(named) ? { kind: named } : await readForm(request)
  if (!isMarketingFormKind(form.kind)) throw data(null, { status: 400 })
  const kind = form.kind
  if (refused)
    return data<MarketingFormResponse>(
      { kind, status: 'rate-limited', retryAfterSeconds: refused },
      { status: 429, headers: retryAfterHeader(refused) },
    )
  try {
    const outcome = await submitMarketingForm(kind, form, siteVisitorOf(request))
    const status = outcome.status === 'success' ? 200 : outcome.status === 'invalid' ? 400 : 429
    const headers: HeadersInit = outcome.status === 'rate-limited' ? retryAfterHeader(outcome.retryAfterSeconds) : {}
    return data<MarketingFormResponse>(outcome, { status, headers })
  } catch (error) {
    // The database away for a moment: the same "not sent, try again" to the visitor, but as the
    // 503 with Retry-After it is, not a failure of the site.
    if (isDatabaseUnavailable(error))
      return data<MarketingFormResponse>(
        { kind, status: 'failed' },
        { status: 503, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } },
      )
    logger.error({ err: error, kind }, 'marketing form submission failed')
    return data<MarketingFormResponse>({ kind, status: 'failed' }, { status: 500 })
  }
}

/** A refused submission says when to try again, with or without JavaScript. */
export const headers = passRetryAfter

/** A form's answer only changes that form: the page's data stays as it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.formData?.has('kind') && staysOnPage(args) ? false : args.defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? platformMeta()

/** The marketing site's tags when its loader failed (the error page). */
function platformMeta() {
  return [
    { title: 'Afterglow' },
    { name: 'description', content: '' },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Afterglow' },
    { property: 'og:title', content: 'Afterglow' },
    { property: 'og:description', content: '' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'company') return <CompanyLandingView {...loaderData.landing} share={loaderData.share} />
  return <MarketingHome currency={loaderData.currency} />
}
