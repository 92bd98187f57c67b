import { sql } from 'drizzle-orm'
import { checkPaymentProvider } from '#app/features/billing/server/check-payment-provider.server'
import { checkDnsService, type DnsServiceCheck } from '#app/features/domains/server/check-dns-service.server'
import { checkReadiness, type CheckResult } from '#app/features/health/server/check-health.server'
import { checkDiskRoom } from '#app/features/media/server/check-disk-room.server'
import { describeFfmpeg, type FfmpegInUse } from '#app/features/media/server/ffmpeg-binary.server'
import type { OperatorContext } from '#app/access/context'

export type StatusLevel = 'ok' | 'warning' | 'error'
/** A check's detail as a text key (`operator.status.details.*`) and its values: the page says it in the operator's language. */
export type StatusDetail = {
  key: string
  values?: Record<string, string | number>
  /** Values that are sizes in bytes, written out in the operator's language by the page. */
  bytes?: Record<string, number>
}
export type StatusCheck = { key: string; level: StatusLevel; detail: StatusDetail; checkedAt: string }

/** Latency when it answers, the error it gave when it does not. */
function timedDetail(check: CheckResult): StatusDetail {
  return check.status === 'ok'
    ? { key: 'latency', values: { ms: check.latencyMs } }
    : { key: 'failed', values: { error: check.message ?? '' } }
}

function dnsDetail(dns: DnsServiceCheck): StatusDetail {
  switch (dns.result) {
    case 'local':
      return { key: 'dnsLocal', values: { host: dns.host } }
    case 'resolved':
      return { key: 'dnsResolved', values: { host: dns.host, addresses: dns.addresses.join(', ') } }
    case 'no-record':
      return { key: 'dnsNoRecord', values: { host: dns.host } }
    case 'failed':
      return { key: 'dnsFailed', values: { host: dns.host, error: dns.error ?? '' } }
  }
}

/**
 * Which ffmpeg decodes uploaded videos on this server: a maintained build is working, the old
 * bundled one needs attention (ADR 093), none at all is failing.
 */
export function ffmpegCheckOf(ffmpeg: FfmpegInUse | null, checkedAt: string): StatusCheck {
  if (!ffmpeg) return { key: 'ffmpeg', level: 'error', detail: { key: 'ffmpegMissing' }, checkedAt }
  const values = { version: ffmpeg.version ?? '?', path: ffmpeg.path }
  switch (ffmpeg.source) {
    case 'bundled':
      return { key: 'ffmpeg', level: 'warning', detail: { key: 'ffmpegBundled', values }, checkedAt }
    case 'override':
      return { key: 'ffmpeg', level: 'ok', detail: { key: 'ffmpegOverride', values }, checkedAt }
    case 'system':
      return { key: 'ffmpeg', level: 'ok', detail: { key: 'ffmpegSystem', values }, checkedAt }
  }
}

/** A wrong FFMPEG_PATH, or an ffmpeg that does not answer, fails with what it said. */
function checkFfmpeg(checkedAt: string): Promise<StatusCheck> {
  return describeFfmpeg().then(
    (ffmpeg) => ffmpegCheckOf(ffmpeg, checkedAt),
    (error: unknown): StatusCheck => ({
      key: 'ffmpeg',
      level: 'error',
      detail: { key: 'failed', values: { error: error instanceof Error ? error.message : String(error) } },
      checkedAt,
    }),
  )
}

/** The platform's checks (section 8's, for every company) and its counts. */
export async function getPlatformStatus(operator: OperatorContext) {
  const checkedAt = new Date().toISOString()
  const [health, dns, numbers, payments, disk, ffmpeg] = await Promise.all([
    // The operator is told why a check failed: the platform's internals are theirs.
    checkReadiness({ detailed: true }),
    checkDnsService(),
    operator.platform(async (tx) => {
      const [row] = await tx
        .execute<{
          companies: number
          suspended: number
          storage: number
          queued: number
          failed: number
          processing: number
          pendingSubdomains: number
          pendingDomains: number
        }>(sql`
        select
          (select count(*)::int from companies) as companies,
          (select count(*)::int from companies where suspended_at is not null) as suspended,
          (select coalesce(sum(size_bytes), 0)::float8 from assets) as storage,
          (select count(*)::int from pgboss.job where state in ('created', 'retry')) as queued,
          (select count(*)::int from pgboss.job where state = 'failed' and completed_on > now() - interval '24 hours') as failed,
          (select count(*)::int from assets where processing_status in ('pending', 'processing')) as processing,
          (select count(*)::int from companies where subdomain_status = 'pending') as "pendingSubdomains",
          (select count(*)::int from custom_domains where approval = 'pending') as "pendingDomains"
      `)
        .then((result) => result.rows)
      return row
    }),
    checkPaymentProvider(),
    checkDiskRoom(),
    checkFfmpeg(checkedAt),
  ])
  const level = (status: 'ok' | 'error'): StatusLevel => (status === 'ok' ? 'ok' : 'error')
  const outbox = health.checks.mail.message === 'dev outbox'
  const checks: StatusCheck[] = [
    {
      key: 'database',
      level: level(health.checks.database.status),
      detail: timedDetail(health.checks.database),
      checkedAt,
    },
    {
      key: 'storage',
      level: level(health.checks.storage.status),
      detail: timedDetail(health.checks.storage),
      checkedAt,
    },
    ...(disk
      ? [
          {
            key: 'disk',
            level: disk.level,
            detail: {
              key: disk.level === 'error' ? 'diskFull' : 'disk',
              bytes: { free: disk.free, total: disk.total, reserve: disk.reserve },
            },
            checkedAt,
          } satisfies StatusCheck,
        ]
      : []),
    {
      key: 'migrations',
      level: level(health.checks.migrations.status),
      detail:
        health.checks.migrations.status === 'ok'
          ? { key: 'migrationsApplied' }
          : { key: 'failed', values: { error: health.checks.migrations.message ?? '' } },
      checkedAt,
    },
    health.checks.mail.status === 'error'
      ? { key: 'mail', level: 'error', detail: timedDetail(health.checks.mail), checkedAt }
      : {
          key: 'mail',
          level: outbox ? 'warning' : 'ok',
          detail: { key: outbox ? 'mailOutbox' : 'mailSmtp' },
          checkedAt,
        },
    {
      key: 'jobs',
      level: numbers.failed > 0 ? 'warning' : 'ok',
      detail: { key: 'jobs', values: { queued: numbers.queued, failed: numbers.failed } },
      checkedAt,
    },
    { key: 'dns', level: dns.level, detail: dnsDetail(dns), checkedAt: dns.checkedAt },
    {
      key: 'payments',
      level: payments.level,
      detail:
        payments.mode === 'test'
          ? { key: 'paymentsTest' }
          : { key: payments.level === 'ok' ? 'paymentsStripe' : 'paymentsStripeFailed', values: { ms: payments.ms } },
      checkedAt: payments.checkedAt,
    },
    ffmpeg,
  ]
  return { checks, numbers }
}
