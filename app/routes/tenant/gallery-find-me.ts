import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { visitOf } from '#app/access/visit.server'
import { problemOf } from '#app/features/api/server/problem-details.server'
import { findMyPhotos, prepareFindMe } from '#app/features/faces/server/find-my-photos.server'
import { FIND_ME_DOOR, FIND_ME_RATE_LIMIT } from '#app/features/faces/server/find-me-rate-limit.server'
import { findMeSet } from '#app/features/faces/server/find-me-set.server'
import { SELFIE_FORM_MAX_BYTES, selfieSearchOf } from '#app/features/faces/server/read-selfie-form.server'
import { requestRemoval } from '#app/features/faces/server/request-removal.server'
import { ZRemovalRequest } from '#app/features/faces/find-me.schema'
import { readBoundedForm, readForm } from '#app/lib/read-form.server'
import { guardGalleryAccess } from '#app/features/galleries/protection/server/find-gallery-access.server'
import { AppError } from '#app/lib/errors'
import { getRequestLanguage } from '#app/lib/i18n.server'
import { clientAddress, consumeRateLimit } from '#app/lib/rate-limit.server'
import { knockOfRequest, refusalAt, refusalParams } from '#app/lib/refusal-door.server'
import type { Route } from './+types/gallery-find-me'

/*
 * Find me (ADR 103) as JSON, for the gallery's dialog and for scripts: POST a selfie (multipart
 * `selfie`, `consent=on`, optionally `face`, the one picked when it showed several) for the ids of
 * the gallery's photos the fan is in; POST a form with `set` (and optionally `email`, `message`)
 * for that set's "remove me"; GET `?set=` a search's set, its photos as the grid shows them, and
 * GET alone when the dialog opens, to ready the search (204).
 */

const PRIVATE = { 'Cache-Control': 'private, no-store' }

function problem(request: Request, error: unknown) {
  const answer = problemOf({ path: new URL(request.url).pathname, language: getRequestLanguage(request) }, error)
  return Response.json(answer.body, {
    status: answer.status,
    headers: { ...PRIVATE, ...answer.headers, 'Content-Type': 'application/problem+json' },
  })
}

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const privacy = await guardGalleryAccess(context, visit, params.gallerySlug)
    const set = new URL(request.url).searchParams.get('set')
    // Without a set: the dialog has opened, and the search is readied while the fan reads it.
    if (set === null) {
      await prepareFindMe(context, params.gallerySlug)
      return new Response(null, { status: 204, headers: PRIVATE })
    }
    const found = await findMeSet(context, params.gallerySlug, set)
    return Response.json(found, { headers: { ...PRIVATE, ...privacy } })
  } catch (error) {
    return problem(request, error)
  }
}

/** Counts a well-formed attempt against the address's allowance (a bad form uses none of it). */
async function countAttempt(request: Request) {
  const allowed = await consumeRateLimit(FIND_ME_RATE_LIMIT, clientAddress(request))
  if (!allowed.allowed)
    throw new AppError('RATE_LIMITED', 'findMe.errors.tooMany', refusalParams(allowed.retryAfterSeconds))
}

export async function action({ params, request }: Route.ActionArgs) {
  // Already refused (a flood): answered before the selfie is read or the gallery looked up.
  const refused = refusalAt(FIND_ME_DOOR, knockOfRequest(request))
  if (refused) return problem(request, new AppError('RATE_LIMITED', 'findMe.errors.tooMany', refusalParams(refused)))
  try {
    if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'refusal.methodNotAllowed')
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    await guardGalleryAccess(context, visit, params.gallerySlug)
    // A selfie comes as multipart (read in memory, bounded); a "remove me" as a plain form.
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const search = await selfieSearchOf(
        await readBoundedForm(request, SELFIE_FORM_MAX_BYTES, 'findMe.errors.tooLarge'),
      )
      await countAttempt(request)
      return Response.json(await findMyPhotos(context, visit, params.gallerySlug, search), { headers: PRIVATE })
    }
    const removal = ZRemovalRequest.safeParse(await readForm(request))
    if (!removal.success)
      return problem(request, new AppError('BAD_REQUEST', removal.error.issues[0]?.message ?? 'errors.generic'))
    await countAttempt(request)
    await requestRemoval(context, visit, params.gallerySlug, removal.data)
    return Response.json({ status: 'sent' }, { headers: PRIVATE })
  } catch (error) {
    return problem(request, error)
  }
}
