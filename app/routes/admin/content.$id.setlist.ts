import { PANEL_ROUTE_CLIENT } from '#app/lib/panel-data'
import { data } from 'react-router'
import { ZSetlistForm } from '#app/features/galleries/setlist/setlist.schema'
import { getSetlistForEdit } from '#app/features/galleries/setlist/server/get-setlist-for-edit.server'
import { saveSetlist } from '#app/features/galleries/setlist/server/save-setlist.server'
import { actionFailure, actionInvalid } from '#app/lib/action-result'
import { withActor } from '#app/access/member-route.server'
import { readForm } from '#app/lib/read-form.server'
import type { Route } from './+types/content.$id.setlist'

// The gallery editor's set-list panel reads and saves here (its own route, beside the editor's intents).
export const loader = withActor({ kind: 'person' }, async (member, { params }: Route.LoaderArgs) =>
  getSetlistForEdit(member, params.contentItemId),
)

export const action = withActor({ kind: 'person' }, async (member, { request, params }: Route.ActionArgs) => {
  const parsed = ZSetlistForm.safeParse(await readForm(request))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const result = await saveSetlist(member, params.contentItemId, parsed.data)
    if (!result.saved)
      return data(
        { ok: false as const, errors: { source: ['setlist.errors.lines'] }, problems: result.problems },
        { status: 400 },
      )
    return data({ ok: true as const, messageKey: result.setlist ? 'setlist.toasts.saved' : 'setlist.toasts.removed' })
  } catch (error) {
    return actionFailure(error)
  }
})

// The panel's data is fetched by its fetcher: after a save that changed nothing (the network
// gone, a refusal) it is not fetched again, and a fetch that gets no answer leaves the page be.
// The same functions the panel registers before its first load (knowPanelRoute).
export const shouldRevalidate = PANEL_ROUTE_CLIENT.shouldRevalidate
export const clientLoader = PANEL_ROUTE_CLIENT.clientLoader
