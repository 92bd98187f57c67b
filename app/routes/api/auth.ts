import { getAuth } from '#app/access/auth.server'
import { AUTH_DOOR, authRetryAfter } from '#app/access/auth-door.server'
import { countRefusal } from '#app/lib/metrics.server'
import { knockOfRequest, rememberAt } from '#app/lib/refusal-door.server'
import { getRequestT } from '#app/lib/i18n.server'
import type { Route } from './+types/auth'

// Better Auth's own endpoints (sign-in, sign-up, reset, organizations, two-factor).
export async function loader({ request }: Route.LoaderArgs) {
  return answer(request)
}

export async function action({ request }: Route.ActionArgs) {
  return answer(request)
}

/** The library answers a path it does not know with a bare 404: said in the visitor's language. */
async function answer(request: Request) {
  const response = await getAuth().handler(request)
  const refusedFor = authRetryAfter(response)
  // Refused once: the same attempts from this address are answered before the library reads them (server/cheap-refusals.ts).
  if (refusedFor) {
    rememberAt(AUTH_DOOR, knockOfRequest(request), refusedFor)
    countRefusal(AUTH_DOOR.bucket)
  }
  if (response.status !== 404 || response.headers.get('content-type')?.includes('json')) return response
  return Response.json(
    { code: 'NOT_FOUND', message: getRequestT(request)('refusal.nothingHere') },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  )
}
