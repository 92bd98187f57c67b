import { findDownloadTarget } from '#app/features/galleries/downloads/server/find-download.server'
import { AppError } from '#app/lib/errors'
import { consumeRateLimit } from '#app/lib/rate-limit.server'
import type { PublicDoor } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { UNLOCK_ATTEMPTS } from '../protection'
import { accessSetCookie, hasAccess } from './access-cookie.server'
import { verifySecret } from './hash-secret.server'

type Wanted = { kind: 'file' | 'content'; id: string }

/** The download a PIN page is for: its gallery, its company's frame, and whether this fan's PIN cookie opens it. */
export async function findPinTarget(door: PublicDoor, visit: Pick<Visit, 'host' | 'cookies'>, wanted: Wanted) {
  const target = await findDownloadTarget(door, visit, wanted)
  return { target, unlocked: hasAccess('pin', target.item.id, target.pinHash, visit.cookies) }
}

/** A fan's try at a gallery's download PIN, a few per visitor and gallery per quarter hour, then the cookie that keeps downloads open. */
export async function unlockDownloads(
  door: PublicDoor,
  visit: Pick<Visit, 'host' | 'cookies'>,
  input: { wanted: Wanted; pin: string; clientAddress: string },
) {
  const { target } = await findPinTarget(door, visit, input.wanted)
  if (!target.pinHash) return { target, setCookie: null }
  const decision = await consumeRateLimit(
    { bucket: `gallery-pin:${target.item.id}`, ...UNLOCK_ATTEMPTS },
    input.clientAddress,
  )
  if (!decision.allowed)
    throw new AppError('RATE_LIMITED', 'public.protection.errors.tooManyTries', {
      retryAfterSeconds: decision.retryAfterSeconds,
      minutes: Math.ceil(decision.retryAfterSeconds / 60),
    })
  if (!/^\d{4}$/.test(input.pin) || !(await verifySecret(input.pin, target.pinHash)))
    throw new AppError('FORBIDDEN', 'public.protection.errors.wrongPin')
  return { target, setCookie: accessSetCookie('pin', target.item.id, target.pinHash) }
}
