import { z } from 'zod'
import { ensureOgImage, findOgSubject, OG_KINDS } from '#app/features/sharing/server/og-image.server'
import { IMMUTABLE_CACHE, serveObject } from '#app/lib/serve-object.server'
import { getStorage } from '#app/lib/storage.server'
import type { Route } from './+types/og-image'

const ZParams = z.object({
  kind: z.enum(OG_KINDS),
  id: z.string().min(1).max(64),
  file: z.string().regex(/^[0-9a-z]{1,24}\.jpg$/),
})

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })

// Link preview images of public pages: /og/{kind}/{id}/{version}.jpg, made on first request.
export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = ZParams.safeParse(params)
  if (!parsed.success) return notFound()
  const subject = await findOgSubject(parsed.data.kind, parsed.data.id)
  if (!subject) return notFound()
  const key = await ensureOgImage(subject)
  // An older version's URL (a preview cached before an edit) gets today's image, briefly cached.
  const isCurrent = parsed.data.file === `${subject.version}.jpg`
  return serveObject(request, getStorage(), key, { cacheControl: isCurrent ? IMMUTABLE_CACHE : 'public, max-age=300' })
}
