import { PANEL_ROUTE_CLIENT } from '#app/lib/panel-data'
import { ZFindMeAction } from '#app/features/faces/find-me.schema'
import { getFindMePanel } from '#app/features/faces/server/get-find-me-panel.server'
import { handleRemovalRequest } from '#app/features/faces/server/handle-removal-request.server'
import { setFindMe } from '#app/features/faces/server/set-find-me.server'
import { actionSuccess } from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/content.find-me'

/** A gallery's Find me panel in its editor (ADR 103): read by the panel, switched and answered by its forms. */
export const loader = withActor({ kind: 'person' }, async (member, { params }: Route.LoaderArgs) =>
  getFindMePanel(member, params.contentItemId),
)

export const action = withActor({ kind: 'person' }, async (member, { request, params }: Route.ActionArgs) => {
  const id = params.contentItemId
  return intentAction(request, ZFindMeAction, {
    switch: async ({ enabled, acknowledge }) => {
      await setFindMe(member, id, { enabled, acknowledge })
      return actionSuccess(enabled ? 'findMeStudio.toasts.on' : 'findMeStudio.toasts.off')
    },
    removal: async ({ requestId, decision }) => {
      await handleRemovalRequest(member, id, requestId, decision)
      return actionSuccess(`findMeStudio.toasts.${decision}`)
    },
  })
})

// Fetched by the panel's fetcher, as the other editor panels are (panel-data.ts).
export const shouldRevalidate = PANEL_ROUTE_CLIENT.shouldRevalidate
export const clientLoader = PANEL_ROUTE_CLIENT.clientLoader
