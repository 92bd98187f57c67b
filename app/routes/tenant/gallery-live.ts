import { data } from 'react-router'
import { fieldErrors } from '#app/lib/form-errors'
import { ZLeadCapture } from '#app/features/leads/lead-capture.schema'
import { findLivePhotosAfter } from '#app/features/galleries/live/server/find-live-photos.server'
import { findLiveGallery } from '#app/features/galleries/live/server/find-live-gallery.server'
import { followLiveGallery } from '#app/features/galleries/live/server/follow-live-gallery.server'
import { ZLiveCursor } from '#app/features/galleries/live/live.schema'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { AppError, toHttpError } from '#app/lib/errors'
import { getRequestT } from '#app/lib/i18n.server'
import { clientAddress, consumeRateLimit, retryAfterHeader } from '#app/lib/rate-limit.server'
import { knockOfRequest, refusalAt } from '#app/lib/refusal-door.server'
import {
  LIVE_FOLLOW_DOOR,
  LIVE_FOLLOW_RATE_LIMIT,
} from '#app/features/galleries/live/server/live-follow-rate-limit.server'
import { readForm } from '#app/lib/read-form.server'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/gallery-live'

/**
 * A live gallery's photos approved after `?after=` as JSON (`?poll=1`): what pages whose event
 * stream is blocked ask for instead. The stream itself is answered ahead of the page stack
 * (server/live-streams.ts). POST: a fan's "send me the photos when the show ends".
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const context = await resolvePublicCompany(await visitOf(request), params.clientSlug)
    const gallery = await findLiveGallery(context, params.gallerySlug)
    const url = new URL(request.url)
    const from = url.searchParams.get('after')
    const after = from === null ? gallery.cursor : ZLiveCursor.parse(from)
    return Response.json(
      { photos: await findLivePhotosAfter(gallery.id, after) },
      { headers: { 'Cache-Control': 'no-cache' } },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

const tooMany = (retryAfterSeconds: number) =>
  data(
    { ok: false as const, errors: { form: ['downloads.errors.tooMany'] } },
    { status: 429, headers: retryAfterHeader(retryAfterSeconds) },
  )

export async function action({ params, request }: Route.ActionArgs) {
  // Already refused (a flood): answered before the form is read or the gallery looked up.
  const refused = refusalAt(LIVE_FOLLOW_DOOR, knockOfRequest(request))
  if (refused) return tooMany(refused)
  const t = getRequestT(request)
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const form = await readForm(request)
    const parsed = ZLeadCapture.safeParse(form)
    if (!parsed.success) return data({ ok: false as const, errors: fieldErrors(parsed.error) }, { status: 400 })
    const allowed = await consumeRateLimit(LIVE_FOLLOW_RATE_LIMIT, clientAddress(request))
    if (!allowed.allowed) return tooMany(allowed.retryAfterSeconds)
    await followLiveGallery(context, visit, params.gallerySlug, parsed.data, {
      userAgent: request.headers.get('user-agent'),
      sourceUrl: request.headers.get('referer'),
    })
    return data({ ok: true as const, message: t('live.follow.done') })
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return data({ ok: false as const, errors: { form: [error.messageKey] } }, { status: error.status })
    throw toHttpError(error)
  }
}
