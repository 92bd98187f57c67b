import { sql } from 'drizzle-orm'
import { checkPaymentProvider } from '#app/features/billing/server/check-payment-provider.server'
import { checkHealth } from '#app/features/health/server/check-health.server'
import { createResolver, defaultResolver } from '#app/features/domains/server/dns-resolver.server'
import { withSystem } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import type { OperatorContext } from './require-operator.server'

export type StatusLevel = 'ok' | 'warning' | 'error'
export type StatusCheck = { key: string; level: StatusLevel; detail: string; checkedAt: string }

/** A DNS lookup of the platform's own name: can the domain checks ask anything at all? */
async function dnsCheck(): Promise<{ level: StatusLevel; detail: string }> {
  const env = getEnv()
  const host = env.PLATFORM_DOMAIN.replace(/:\d+$/, '')
  if (host === 'localhost' || /^[\d.]+$/.test(host)) return { level: 'ok', detail: `${host}: local, no lookup needed` }
  const resolver = env.DNS_SERVERS ? createResolver(env.DNS_SERVERS) : defaultResolver()
  try {
    const addresses = await resolver.resolve4(host)
    return addresses.length > 0 ? { level: 'ok', detail: `${host} → ${addresses.join(', ')}` } : { level: 'warning', detail: `${host}: no A record` }
  } catch (error) {
    return { level: 'error', detail: `${host}: ${(error as { code?: string }).code ?? String(error)}` }
  }
}

/** The platform's checks (section 8's, for every company) and its counts. */
export async function getPlatformStatus(_operator: OperatorContext) {
  const checkedAt = new Date().toISOString()
  const [health, dns, numbers, payments] = await Promise.all([
    checkHealth(),
    dnsCheck(),
    withSystem(async (tx) => {
      const [row] = await tx.execute<{ companies: number; suspended: number; storage: number; queued: number; failed: number; processing: number; pendingSubdomains: number; pendingDomains: number }>(sql`
        select
          (select count(*)::int from companies) as companies,
          (select count(*)::int from companies where suspended_at is not null) as suspended,
          (select coalesce(sum(size_bytes), 0)::float8 from assets) as storage,
          (select count(*)::int from pgboss.job where state in ('created', 'retry')) as queued,
          (select count(*)::int from pgboss.job where state = 'failed' and completed_on > now() - interval '24 hours') as failed,
          (select count(*)::int from assets where processing_status in ('pending', 'processing')) as processing,
          (select count(*)::int from companies where subdomain_status = 'pending') as "pendingSubdomains",
          (select count(*)::int from custom_domains where approval = 'pending') as "pendingDomains"
      `).then((result) => result.rows)
      return row
    }),
    checkPaymentProvider(),
  ])
  const level = (status: 'ok' | 'error'): StatusLevel => (status === 'ok' ? 'ok' : 'error')
  const checks: StatusCheck[] = [
    { key: 'database', level: level(health.checks.database.status), detail: health.checks.database.message ?? `${health.checks.database.latencyMs} ms`, checkedAt },
    { key: 'storage', level: level(health.checks.storage.status), detail: health.checks.storage.message ?? `${health.checks.storage.latencyMs} ms`, checkedAt },
    { key: 'mail', level: health.checks.mail.message === 'dev outbox' ? 'warning' : 'ok', detail: health.checks.mail.message ?? '', checkedAt },
    { key: 'jobs', level: numbers.failed > 0 ? 'warning' : 'ok', detail: `${numbers.queued} queued · ${numbers.failed} failed in 24 h`, checkedAt },
    { key: 'dns', ...(await Promise.resolve(dns)), checkedAt },
    { key: 'payments', level: payments.level, detail: payments.mode === 'test' ? 'built-in test provider (no real payments)' : `Stripe · ${payments.ms} ms`, checkedAt: payments.checkedAt },
  ]
  return { checks, numbers }
}
