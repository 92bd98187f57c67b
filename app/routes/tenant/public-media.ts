import { z } from 'zod'
import { findPublicRendition } from '#app/features/public/server/find-public-rendition.server'
import { IMMUTABLE_CACHE, serveObject } from '#app/lib/serve-object.server'
import { getStorage } from '#app/lib/storage.server'
import type { Route } from './+types/public-media'

// Web renditions of published photos and videos, for fans' pages: cacheable for a year.
export async function loader({ request, params }: Route.LoaderArgs) {
  const assetId = z.uuid().safeParse(params.assetId)
  const found = assetId.success ? await findPublicRendition(assetId.data, params.variant) : null
  if (!found) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return serveObject(request, getStorage(), found.storageKey, { cacheControl: IMMUTABLE_CACHE })
}
