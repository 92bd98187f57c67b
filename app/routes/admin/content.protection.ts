import { PANEL_ROUTE_CLIENT } from '#app/lib/panel-data'
import { ZGalleryProtection } from '#app/features/galleries/protection/protection'
import { getGalleryProtection } from '#app/features/galleries/protection/server/get-gallery-protection.server'
import { updateGalleryProtection } from '#app/features/galleries/protection/server/update-gallery-protection.server'
import { actionFailure, actionInvalid, actionSuccess } from '#app/lib/action-result'
import { withActor } from '#app/access/member-route.server'
import { readForm } from '#app/lib/read-form.server'
import type { Route } from './+types/content.protection'

// A gallery's protection panel in its editor (ADR 059): read by the panel, saved by its form.
export const loader = withActor({ kind: 'person' }, async (member, { params }: Route.LoaderArgs) =>
  getGalleryProtection(member, params.contentItemId),
)

export const action = withActor({ kind: 'person' }, async (member, { request, params }: Route.ActionArgs) => {
  const parsed = ZGalleryProtection.safeParse(await readForm(request))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    await updateGalleryProtection(member, params.contentItemId, parsed.data)
    return actionSuccess('protection.saved')
  } catch (error) {
    return actionFailure(error)
  }
})

// The panel's data is fetched by its fetcher: after a save that changed nothing (the network
// gone, a refusal) it is not fetched again, and a fetch that gets no answer leaves the page be.
// The same functions the panel registers before its first load (knowPanelRoute).
export const shouldRevalidate = PANEL_ROUTE_CLIENT.shouldRevalidate
export const clientLoader = PANEL_ROUTE_CLIENT.clientLoader
