import { findWatermarkKey } from '#app/features/watermark/server/get-watermark.server'
import { withActor } from '#app/access/member-route.server'
import { nothingHere } from '#app/lib/nothing-here.server'
import { serveObject } from '#app/lib/serve-object.server'
import { getStorage } from '#app/lib/storage.server'
import type { Route } from './+types/settings.watermark.image'

// The company's current watermark, for its settings page's preview (members only; fans only ever see it on photos).
export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const key = await findWatermarkKey(member)
  if (!key) return nothingHere(request)
  return serveObject(request, getStorage(), key, { cacheControl: 'private, max-age=60' })
})
