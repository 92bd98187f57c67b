import { pingDatabase } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { getEnv, usesDevOutbox } from '#app/lib/env.server'

export type CheckResult = { status: 'ok' | 'error'; latencyMs: number; message?: string }
export type Health = { status: 'ok' | 'error'; checks: Record<string, CheckResult> }

const CHECK_TIMEOUT_MS = 3000

async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now()
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS),
      ),
    ])
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) }
  } catch (error) {
    return {
      status: 'error',
      latencyMs: Math.round(performance.now() - started),
      message: error instanceof Error ? error.message : String(error),
    }
  }
}

/** Database reachable, storage writable, mail configured: what a load balancer needs to know. */
export async function checkHealth(): Promise<Health> {
  const env = getEnv()
  const [database, storage] = await Promise.all([
    timed(pingDatabase),
    timed(async () => {
      const probe = `health/probe-${process.pid}.txt`
      await getStorage().put(probe, Buffer.from('ok'), { contentType: 'text/plain' })
      await getStorage().delete(probe)
    }),
  ])
  const mail: CheckResult = { status: 'ok', latencyMs: 0, message: usesDevOutbox(env) ? 'dev outbox' : 'smtp' }
  const checks = { database, storage, mail }
  return { status: Object.values(checks).every((c) => c.status === 'ok') ? 'ok' : 'error', checks }
}
