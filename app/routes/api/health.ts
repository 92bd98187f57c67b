import { checkHealth } from '#app/features/health/server/check-health.server'

export async function loader() {
  const health = await checkHealth()
  return Response.json(health, { status: health.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
