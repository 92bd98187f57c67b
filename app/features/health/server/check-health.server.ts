import { pingDatabase } from '#app/lib/db.server'
import { isStorageFull } from '#app/lib/disk-space.server'
import { getStorage } from '#app/lib/storage.server'
import { getEnv, usesDevOutbox } from '#app/lib/env.server'

export type CheckResult = { status: 'ok' | 'error'; latencyMs: number; message?: string }
export type Health = { status: 'ok' | 'error'; checks: Record<string, CheckResult> }

const CHECK_TIMEOUT_MS = 3000

/** What the storage check says when the storage reads but has no room to write. */
export const STORAGE_FULL_NOTE = 'full: serving, uploads refused'

/** A check that passes may say something of how (a storage that is full); one that fails says why. */
async function timed(check: () => Promise<string | void>): Promise<CheckResult> {
  const started = performance.now()
  try {
    const note = await Promise.race([
      check(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS),
      ),
    ])
    return { status: 'ok', latencyMs: Math.round(performance.now() - started), ...(note ? { message: note } : {}) }
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
      try {
        await getStorage().put(probe, Buffer.from('ok'), { contentType: 'text/plain' })
      } catch (error) {
        // A full disk still serves every photo and page; only uploads wait (they answer 507). A
        // balancer that took every node out of rotation for it would take the fans' hour with it.
        if (isStorageFull(error)) return STORAGE_FULL_NOTE
        throw error
      }
      await getStorage().delete(probe)
    }),
  ])
  const mail: CheckResult = { status: 'ok', latencyMs: 0, message: usesDevOutbox(env) ? 'dev outbox' : 'smtp' }
  const checks = { database, storage, mail }
  return { status: Object.values(checks).every((c) => c.status === 'ok') ? 'ok' : 'error', checks }
}
