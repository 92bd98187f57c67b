import { useEffect, useState } from 'react'
import { applyLandingDraft, LANDING_DRAFT_MESSAGE, type LandingDraft } from '#app/features/companies/landing-draft'
import { CompanyLandingView } from '#app/features/public/components/company-landing'
import { loadCompanyLanding } from '#app/features/public/server/load-company-landing.server'
import { withMember } from '#app/lib/member-route.server'
import { visitOf } from '#app/lib/visit.server'
import type { Route } from './+types/landing-preview'

/*
 * The company's real landing page, as fans see it now, inside the landing-page settings: the
 * settings page frames it and posts the form's unsaved values, which show at once. Only this
 * site may frame it (server/security.ts), and only members may open it.
 */
export const loader = withMember('dashboard.read', async (member, { request }: Route.LoaderArgs) => {
  const visit = { ...(await visitOf(request)), host: { kind: 'platform' as const } }
  return loadCompanyLanding(visit, { clientSlug: member.company.slug, tab: 'all' })
})

export const meta: Route.MetaFunction = () => [{ title: 'Preview · Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function LandingPreview({ loaderData }: Route.ComponentProps) {
  const [draft, setDraft] = useState<LandingDraft | null>(null)
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== LANDING_DRAFT_MESSAGE) return
      setDraft(event.data.draft as LandingDraft)
    }
    window.addEventListener('message', receive)
    // Tells the settings page the preview is listening (it sends the current values then).
    window.parent.postMessage({ type: `${LANDING_DRAFT_MESSAGE}:ready` }, window.location.origin)
    return () => window.removeEventListener('message', receive)
  }, [])
  return (
    // Links would leave the preview: they are shown, not followed.
    <div onClickCapture={(event) => (event.target as HTMLElement).closest('a') && event.preventDefault()} data-testid="landing-preview">
      <CompanyLandingView {...applyLandingDraft(loaderData, draft)} />
    </div>
  )
}
