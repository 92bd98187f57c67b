/* Addresses and answers of protected galleries, shared by fans' pages (no zod: it stays out of the fans' bundle). */

/** Where a locked or ended gallery sends fans: its access page beside it. */
export function galleryAccessPath(basePath: string, gallerySlug: string) {
  return `${basePath}/galeria/${gallerySlug}/acesso`
}

/** The PIN form before a download. */
export function downloadPinPath(next: string) {
  return `/download/pin?next=${encodeURIComponent(next)}`
}

/** The status a download answers with when its gallery asks for a PIN (JavaScript reads it and opens the form). */
export const PIN_REQUIRED_STATUS = 401
export const PIN_REQUIRED = 'PIN_REQUIRED'

/**
 * A route's `headers` for a protected gallery's pages: the loader's `Cache-Control` (private
 * pages are never kept by a shared cache) and an action's `Retry-After`.
 */
export function protectedPageHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers
  actionHeaders: Headers
}) {
  const headers = new Headers()
  const cacheControl = loaderHeaders.get('Cache-Control')
  if (cacheControl) headers.set('Cache-Control', cacheControl)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
