import { PANEL_ROUTE_CLIENT } from '#app/lib/panel-data'
import { ZLiveAction } from '#app/features/galleries/live/live.schema'
import { approveLivePhotos } from '#app/features/galleries/live/server/approve-live-photos.server'
import { changeWallLink } from '#app/features/galleries/live/server/change-wall-link.server'
import { getLivePanel, type LivePanelData } from '#app/features/galleries/live/server/get-live-panel.server'
import { setLiveMode } from '#app/features/galleries/live/server/set-live-mode.server'
import { removeAssets } from '#app/features/galleries/server/remove-assets.server'
import { can } from '#app/features/members/permissions'
import { actionSuccess } from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/content.live'

/** A gallery's live show controls (ADR 057, 058), fetched by the editor's live panel. */
export const loader = withActor({ kind: 'person' }, async (member, { params }: Route.LoaderArgs) => {
  const panel = await getLivePanel(member, params.contentItemId)
  return { ...panel, canModerate: can(member.actor.role, 'content.publish') } satisfies LivePanelData
})

export const action = withActor({ kind: 'person' }, async (member, { request, params }: Route.ActionArgs) => {
  const id = params.contentItemId
  return intentAction(request, ZLiveAction, {
    'live-mode': async ({ live, autoApprove }) => {
      const { ended } = await setLiveMode(member, id, { live, autoApprove })
      return actionSuccess(
        ended ? 'liveStudio.toasts.ended' : live ? 'liveStudio.toasts.saved' : 'liveStudio.toasts.off',
      )
    },
    approve: async ({ assetIds }) => {
      await approveLivePhotos(member, id, assetIds)
      return actionSuccess('liveStudio.toasts.approved')
    },
    reject: async ({ assetIds }) => {
      await removeAssets(member, id, assetIds)
      return actionSuccess('liveStudio.toasts.removed')
    },
    'wall-link': async ({ change }) => {
      await changeWallLink(member, id, change)
      return actionSuccess(change === 'create' ? 'liveStudio.toasts.wallCreated' : 'liveStudio.toasts.wallRevoked')
    },
  })
})

// The panel's data is fetched by its fetcher: after a save that changed nothing (the network
// gone, a refusal) it is not fetched again, and a fetch that gets no answer leaves the page be.
// The same functions the panel registers before its first load (knowPanelRoute).
export const shouldRevalidate = PANEL_ROUTE_CLIENT.shouldRevalidate
export const clientLoader = PANEL_ROUTE_CLIENT.clientLoader
