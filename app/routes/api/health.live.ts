import { checkLiveness } from '#app/features/health/server/check-health.server'

/** `/api/health/live`: the process answers; nothing it depends on is asked. */
export function loader() {
  return Response.json(checkLiveness(), { headers: { 'Cache-Control': 'no-store' } })
}
