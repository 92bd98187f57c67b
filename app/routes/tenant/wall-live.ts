import { findLivePhotosAfter } from '#app/features/galleries/live/server/find-live-photos.server'
import { findWallStream } from '#app/features/galleries/live/server/find-wall.server'
import { ZLiveCursor } from '#app/features/galleries/live/live.schema'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/wall-live'

/** The venue wall's photos after `?after=` as JSON, for a wall whose stream is blocked (the stream: server/live-streams.ts). */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const { galleryId, cursor } = await findWallStream(params.token)
    const url = new URL(request.url)
    const from = url.searchParams.get('after')
    const after = from === null ? cursor : ZLiveCursor.parse(from)
    return Response.json(
      { photos: await findLivePhotosAfter(galleryId, after) },
      { headers: { 'Cache-Control': 'no-cache' } },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}
