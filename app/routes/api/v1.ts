import { API_OPERATIONS } from '#app/features/api/server/api-operations.server'
import { serveApi } from './serve-api.server'
import type { Route } from './+types/v1'

// The public REST API (/api/v1/*): every method goes to the one router (ADR 052).
export const loader = ({ request }: Route.LoaderArgs) => serveApi(request, API_OPERATIONS)
export const action = ({ request }: Route.ActionArgs) => serveApi(request, API_OPERATIONS)
