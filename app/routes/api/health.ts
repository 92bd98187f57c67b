import { isOperatorsMonitoring } from '#app/access/monitoring-token.server'
import { checkReadiness, healthStatusCode } from '#app/features/health/server/check-health.server'
import type { Route } from './+types/health'

/** `/api/health` and `/api/health/ready`: whether this node should be sent traffic (check-health.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const health = await checkReadiness({ detailed: isOperatorsMonitoring(request.headers.get('authorization')) })
  return Response.json(health, { status: healthStatusCode(health), headers: { 'Cache-Control': 'no-store' } })
}
