import { consumeRateLimit } from '#app/lib/rate-limit.server'
import { AppError } from '#app/lib/errors'
import type { PublicContext } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { UNLOCK_ATTEMPTS } from '../protection'
import { accessSetCookie } from './access-cookie.server'
import { findGalleryAccess } from './find-gallery-access.server'
import { verifySecret } from './hash-secret.server'

/**
 * A fan's try at a gallery's password: counted per visitor address and gallery (a few tries per
 * quarter of an hour, ADR 017's limiter), then the signed cookie that keeps the gallery open.
 */
export async function unlockGallery(
  context: PublicContext,
  visit: Pick<Visit, 'cookies'>,
  input: { gallerySlug: string; password: string; clientAddress: string },
) {
  const access = await findGalleryAccess(context, visit, input.gallerySlug)
  if (!access) throw new AppError('NOT_FOUND', 'public.notFound.gallery', { companyName: context.company.name })
  if (access.state === 'ended') throw new AppError('NOT_FOUND', 'public.protection.endedTitle')
  if (!access.passwordHash) return { setCookie: null }
  const decision = await consumeRateLimit(
    { bucket: `gallery-password:${access.id}`, ...UNLOCK_ATTEMPTS },
    input.clientAddress,
  )
  if (!decision.allowed)
    throw new AppError('RATE_LIMITED', 'public.protection.errors.tooManyTries', {
      retryAfterSeconds: decision.retryAfterSeconds,
      minutes: Math.ceil(decision.retryAfterSeconds / 60),
    })
  if (!(await verifySecret(input.password, access.passwordHash)))
    throw new AppError('FORBIDDEN', 'public.protection.errors.wrongPassword')
  return { setCookie: accessSetCookie('password', access.id, access.passwordHash) }
}
