import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { applyLandingDraft, LANDING_DRAFT_MESSAGE, type LandingDraft } from '#app/features/companies/landing-draft'
import { PreviewLinksInert, useDraftReceiver } from '#app/features/companies/components/draft-preview'
import { CompanyLandingView } from '#app/features/companies/landing/components/company-landing'
import { loadCompanyLanding } from '#app/features/companies/landing/server/load-company-landing.server'
import { withActor } from '#app/access/member-route.server'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/landing-preview'

/*
 * The company's real landing page, as fans see it now, inside the landing-page settings: the
 * settings page frames it and posts the form's unsaved values, which show at once. Only this
 * site may frame it (server/security.ts), and only members may open it.
 */
export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const visit = { ...(await visitOf(request)), host: { kind: 'platform' as const } }
  return loadCompanyLanding(visit, await resolvePublicCompany(visit, member.company.slug), { tab: 'all' })
})

/** The admin's page around the preview asks for cookie consent; the preview does not ask again. */
export const handle = { framedPreview: true }

export const meta: Route.MetaFunction = () => [{ title: 'Preview · Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function LandingPreview({ loaderData }: Route.ComponentProps) {
  const draft = useDraftReceiver<LandingDraft>(LANDING_DRAFT_MESSAGE)
  return (
    <PreviewLinksInert testId="landing-preview">
      <CompanyLandingView {...applyLandingDraft(loaderData, draft)} />
    </PreviewLinksInert>
  )
}
