import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { visitOf } from '#app/access/visit.server'
import {
  APP_ICON_SIZES,
  iconVersionOf,
  INSTALL_FILES_CACHE,
  type AppIconSize,
} from '#app/features/public/install-links'
import { refuseReservedSegment } from '#app/features/public/server/reserved-segments.server'
import { getAppIcon } from '#app/features/public/server/web-app-manifest.server'
import { toHttpError } from '#app/lib/errors'
import { IMMUTABLE_CACHE } from '#app/lib/serve-object.server'
import type { Route } from './+types/app-icon'

/**
 * A company's app icon, /icon-192.png and /icon-512.png (under /{slug} on the platform's host).
 * The manifest names them with their version (?v=): that URL is kept for a year; any other gets
 * today's icon, kept as briefly as the manifest.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    refuseReservedSegment(params.clientSlug)
    const url = new URL(request.url)
    const size = Number(/\/icon-(\d+)\.png$/.exec(url.pathname)?.[1]) as AppIconSize
    if (!APP_ICON_SIZES.includes(size))
      return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
    const context = await resolvePublicCompany(await visitOf(request), params.clientSlug)
    const isCurrent = url.searchParams.get('v') === iconVersionOf(context.company)
    const png = await getAppIcon(context, size)
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': isCurrent ? IMMUTABLE_CACHE : INSTALL_FILES_CACHE,
      },
    })
  } catch (error) {
    throw toHttpError(error)
  }
}
