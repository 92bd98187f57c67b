import { z } from 'zod'
import { findMediaObject } from '#app/features/media/server/find-media-object.server'
import { serveObject } from '#app/lib/serve-object.server'
import { getStorage } from '#app/lib/storage.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/media'

// Media for the company's own staff (the admin). Renditions never change under their key.
export const loader = withActor({ kind: 'person' }, async (member, { request, params }: Route.LoaderArgs) => {
  const assetId = z.uuid().safeParse(params.assetId)
  const found = assetId.success ? await findMediaObject(member, assetId.data, params.variant) : null
  if (!found) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const download = new URL(request.url).searchParams.has('download')
  return serveObject(request, getStorage(), found.key, {
    cacheControl: found.isRendition ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    downloadName: download ? found.downloadName : undefined,
  })
})
