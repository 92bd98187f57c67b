/*
 * The process's session secret: resolved at boot (from SESSION_SECRET or DATA_DIR), read by the
 * sign-in system and by every value the app signs itself (derive a key per purpose).
 */
const SECRET_KEY = Symbol.for('afterglow.session-secret')
type GlobalWithSecret = typeof globalThis & { [SECRET_KEY]?: string }

/** Boot hands the resolved secret over before the first request. */
export function configureSessionSecret(secret: string) {
  ;(globalThis as GlobalWithSecret)[SECRET_KEY] = secret
}

/** The process's session secret, for the app's own signed values (derive a key per purpose). */
export function getSessionSecret(): string {
  const secret = (globalThis as GlobalWithSecret)[SECRET_KEY]
  if (typeof secret !== 'string') throw new Error('Session secret is not configured: boot runs first')
  return secret
}
