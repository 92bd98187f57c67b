import { checkDiskRoom } from '#app/features/media/server/check-disk-room.server'
import { migrationsPending, pingDatabase } from '#app/lib/db.server'
import { verifyMailTransport } from '#app/lib/mail.server'
import { getStorage } from '#app/lib/storage.server'

/*
 * Two questions a load balancer and an operator ask: is the process alive (`live`: it answers,
 * nothing else is asked, so a database outage never gets every node restarted), and should it be
 * sent traffic (`ready`: the database answers, storage can be read, the migrations this code
 * needs are applied). Mail is verified too, at most once a minute, and reported, but does not
 * make a node unready: fans' pages and photos do not need it, and taking every node out of the
 * load balancer because the SMTP server is away would turn a mail outage into a site outage.
 * Nothing is written per probe. A full disk keeps a node ready too: every photo and page is
 * still served, only uploads wait (they answer 507), and a balancer that took every node out of
 * rotation for it would take the fans' hour with it.
 */

export type CheckResult = { status: 'ok' | 'error'; latencyMs: number; message?: string }
export type Health = { status: 'ok' | 'degraded' | 'error'; checks: Record<string, CheckResult> }

const CHECK_TIMEOUT_MS = 3000
/** A key no upload is ever stored under: asking for it reads the storage without writing to it. */
const STORAGE_PROBE_KEY = 'health/readiness-probe'
/** What the storage check says when the storage reads but has no room to write. */
export const STORAGE_FULL_NOTE = 'full: serving, uploads refused'

async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    const answer = await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
      }),
    ])
    const result: CheckResult = { status: 'ok', latencyMs: Math.round(performance.now() - started) }
    return typeof answer === 'string' ? { ...result, message: answer } : result
  } catch (error) {
    return {
      status: 'error',
      latencyMs: Math.round(performance.now() - started),
      message: error instanceof Error ? error.message : String(error),
    }
  } finally {
    clearTimeout(timer)
  }
}

/** The process answers. */
export function checkLiveness(): Health {
  return { status: 'ok', checks: {} }
}

/**
 * Whether this node should be sent traffic. Why a check failed (addresses, error text: the
 * platform's internals) is said only when `detailed` (the operator's token); how one passed
 * (storage full, the dev outbox) is said to anyone.
 */
export async function checkReadiness({ detailed }: { detailed: boolean }): Promise<Health> {
  const [database, storage, migrations, mail] = await Promise.all([
    timed(pingDatabase),
    timed(async () => {
      await getStorage().head(STORAGE_PROBE_KEY)
      if ((await checkDiskRoom())?.level === 'error') return STORAGE_FULL_NOTE
    }),
    timed(async () => {
      const pending = await migrationsPending()
      if (pending > 0) throw new Error(`${pending} migration(s) not applied`)
    }),
    timed(() => verifyMailTransport()),
  ])
  const gating = { database, storage, migrations }
  const status = Object.values(gating).some((check) => check.status === 'error')
    ? 'error'
    : mail.status === 'error'
      ? 'degraded'
      : 'ok'
  const checks = { ...gating, mail }
  return {
    status,
    checks: detailed
      ? checks
      : Object.fromEntries(
          Object.entries(checks).map(([name, check]) => [
            name,
            check.status === 'error' ? { status: check.status, latencyMs: check.latencyMs } : check,
          ]),
        ),
  }
}

/** The HTTP status a health answer is sent with: only an unready node is 503. */
export const healthStatusCode = (health: Health) => (health.status === 'error' ? 503 : 200)
