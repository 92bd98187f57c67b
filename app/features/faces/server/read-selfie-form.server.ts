import { AppError } from '#app/lib/errors'
import { SELFIE_MAX_BYTES, SELFIE_TYPES } from '../find-me'

/** Room for the form's other fields and the multipart boundaries beside the selfie. */
export const SELFIE_FORM_MAX_BYTES = SELFIE_MAX_BYTES + 64 * 1024

/** A Find me search as its form carries it (read in memory by the route): the consent, the selfie, the face picked. */
export async function selfieSearchOf(form: FormData) {
  if (form.get('consent') !== 'on') throw new AppError('BAD_REQUEST', 'findMe.errors.consent')
  const selfie = form.get('selfie')
  if (!selfie || typeof selfie === 'string' || selfie.size === 0)
    throw new AppError('BAD_REQUEST', 'findMe.errors.noSelfie')
  if (selfie.size > SELFIE_MAX_BYTES) throw new AppError('TOO_LARGE', 'findMe.errors.tooLarge')
  if (!(SELFIE_TYPES as readonly string[]).includes(selfie.type))
    throw new AppError('BAD_REQUEST', 'findMe.errors.unreadable')
  const face = form.get('face')
  const picked = typeof face === 'string' && /^\d{1,2}$/.test(face) ? Number(face) : null
  return { selfie: Buffer.from(await selfie.arrayBuffer()), face: picked }
}
