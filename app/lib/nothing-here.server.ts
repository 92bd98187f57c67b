import { getRequestT } from './i18n.server'

/** A 404 for a file or resource that is not there, said in plain words in the visitor's language. */
export function nothingHere(request: Request) {
  return new Response(getRequestT(request)('refusal.nothingHere'), {
    status: 404,
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
