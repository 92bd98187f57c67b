import { timingSafeEqual } from 'node:crypto'
import { getEnv } from '#app/lib/env.server'

/**
 * Whether a request comes from the operator's monitoring: `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN nobody does. Compared in constant time, as any secret is.
 */
export function isOperatorsMonitoring(authorization: string | null | undefined, token = getEnv().METRICS_TOKEN) {
  if (!token || !authorization?.startsWith('Bearer ')) return false
  const sent = Buffer.from(authorization.slice('Bearer '.length).trim())
  const expected = Buffer.from(token)
  return sent.length === expected.length && timingSafeEqual(sent, expected)
}
