import { useEffect, useState } from 'react'

/**
 * Whether the visitor is signed in, asked by the page itself: the marketing site and policies are
 * kept rendered once for everyone (server/public-page-cache.ts), so "Admin" instead of "Login" is
 * the one thing a signed-in member's copy cannot carry. A plain request, no auth library shipped.
 */
export function useSignedIn() {
  const [signedIn, setSignedIn] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((session: { user?: unknown } | null) => setSignedIn(Boolean(session?.user)))
      .catch(() => undefined)
    return () => controller.abort()
  }, [])
  return signedIn
}
