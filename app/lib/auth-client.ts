import { createAuthClient } from 'better-auth/react'
import { organizationClient, twoFactorClient } from 'better-auth/client/plugins'
import { PRESERVED_STORAGE_KEYS } from './i18n'

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [organizationClient(), twoFactorClient()],
})

type AuthErrorLike = { status?: number; code?: string; message?: string } | null | undefined

/** The i18n key for a Better Auth error, so every failure reads well in the user's language. */
export function authErrorKey(error: AuthErrorLike): string {
  if (!error) return 'errors.generic'
  if (error.status === 429) return 'auth.errors.rateLimited'
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'auth.errors.invalidCredentials'
    case 'EMAIL_NOT_VERIFIED':
      return 'auth.errors.emailNotVerified'
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'auth.errors.userExists'
    case 'INVALID_TOKEN':
      return 'auth.errors.invalidToken'
    case 'INVALID_CODE':
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'INVALID_BACKUP_CODE':
      return 'auth.errors.invalidCode'
    default:
      return 'errors.generic'
  }
}

/** Server-translated messages (the password rule) are shown as they come. */
export function authErrorMessage(error: AuthErrorLike, t: (key: string) => string) {
  if (
    (error?.code === 'WEAK_PASSWORD' || error?.code === 'INVALID_NAME' || error?.code === 'ACCOUNT_LOCKED') &&
    error.message
  )
    return error.message
  return t(authErrorKey(error))
}

/** Clears what this browser kept for the signed-in user; language and theme stay. */
export function clearLocalState() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!PRESERVED_STORAGE_KEYS.includes(key)) localStorage.removeItem(key)
    }
    sessionStorage.clear()
  } catch {
    // Storage may be unavailable; nothing to clear then.
  }
}

/**
 * Signs out and leaves for the site root. A session the server already ended (401/403/404)
 * counts as signed out.
 */
export async function signOutEverywhere(): Promise<{ ok: boolean }> {
  const { error } = await authClient.signOut()
  const ok = !error || [401, 403, 404].includes(error.status)
  if (ok) clearLocalState()
  return { ok }
}
