import { findLivePhotosAfter } from '#app/features/live/server/find-live-photos.server'
import { findWallStream } from '#app/features/live/server/find-wall.server'
import { joinLiveStream } from '#app/features/live/server/join-live-stream.server'
import { LIVE_RETRY_MS, ZLiveCursor } from '#app/features/live/live.schema'
import { toHttpError } from '#app/lib/errors'
import { eventStreamResponse } from '#app/lib/event-stream.server'
import type { Route } from './+types/wall-live'

/** The venue wall's stream: the gallery's live stream behind the wall's secret link (`?poll=1`: the same as JSON). */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const { galleryId, cursor } = await findWallStream(params.token)
    const url = new URL(request.url)
    const from = request.headers.get('last-event-id') ?? url.searchParams.get('after')
    const after = from === null ? cursor : ZLiveCursor.parse(from)
    if (url.searchParams.has('poll')) return Response.json({ photos: await findLivePhotosAfter(galleryId, after) }, { headers: { 'Cache-Control': 'no-cache' } })
    return eventStreamResponse(request.signal, (writer) => joinLiveStream(galleryId, after, writer), { retryMs: LIVE_RETRY_MS })
  } catch (error) {
    throw toHttpError(error)
  }
}
