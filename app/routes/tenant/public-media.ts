import { z } from 'zod'
import { findPublicRendition, findPublicStream } from '#app/features/public/server/find-public-rendition.server'
import { IMMUTABLE_CACHE, serveObject } from '#app/lib/serve-object.server'
import { getStorage } from '#app/lib/storage.server'
import type { Route } from './+types/public-media'

// Web renditions of published photos and videos, for fans' pages: cacheable for a year.
export async function loader({ request, params }: Route.LoaderArgs) {
  const assetId = z.uuid().safeParse(params.assetId)
  if (!assetId.success) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  // Videos and audio stream from their original (with byte ranges, for seeking).
  const found = params.variant === 'stream' ? await findPublicStream(assetId.data) : await findPublicRendition(assetId.data, params.variant)
  if (!found) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return serveObject(request, getStorage(), found.storageKey, { cacheControl: params.variant === 'stream' ? 'public, max-age=3600' : IMMUTABLE_CACHE })
}
