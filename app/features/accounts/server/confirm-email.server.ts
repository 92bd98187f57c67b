import { APIError } from 'better-auth/api'
import type { AuthAsCaller } from '#app/access/context'

export type ConfirmationOutcome = 'confirmed' | 'expired' | 'invalid' | 'missing'

/**
 * Confirms the address behind a sign-up link and signs the user in (the returned headers carry
 * the session cookie). A link used twice still says "confirmed": the address is.
 */
export async function confirmEmail(
  token: string | null,
  auth: AuthAsCaller,
): Promise<{ outcome: ConfirmationOutcome; headers: Headers }> {
  if (!token) return { outcome: 'missing', headers: new Headers() }
  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token },
      headers: auth.headers,
      returnHeaders: true,
    })
    return { outcome: 'confirmed', headers }
  } catch (error) {
    if (error instanceof APIError) {
      const code = String((error.body as { code?: string } | undefined)?.code ?? '')
      if (code === 'TOKEN_EXPIRED') return { outcome: 'expired', headers: new Headers() }
      return { outcome: 'invalid', headers: new Headers() }
    }
    throw error
  }
}
