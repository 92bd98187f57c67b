import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { visitOf } from '#app/access/visit.server'
import { INSTALL_FILES_CACHE } from '#app/features/public/install-links'
import { refuseReservedSegment } from '#app/features/public/server/reserved-segments.server'
import { buildWebManifest } from '#app/features/public/server/web-app-manifest.server'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/web-manifest'

// A company's web app manifest: /manifest.webmanifest on its own host, /{slug}/manifest.webmanifest on the platform's.
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    refuseReservedSegment(params.clientSlug)
    const context = await resolvePublicCompany(await visitOf(request), params.clientSlug)
    return new Response(JSON.stringify(buildWebManifest(context)), {
      headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': INSTALL_FILES_CACHE },
    })
  } catch (error) {
    throw toHttpError(error)
  }
}
