import { getAuth } from '#app/lib/auth.server'
import type { Route } from './+types/auth'

// Better Auth's own endpoints (sign-in, sign-up, reset, organizations, two-factor).
export async function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request)
}

export async function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request)
}
