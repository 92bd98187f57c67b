import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server'
import pg from 'pg'
import { getPool } from '#app/lib/db.server'
import { OutageSafeClient } from '#app/lib/outage-safe-client.server'
import { logger } from '#app/lib/logger.server'

/*
 * One request at a time per upload, whichever app process it reaches: a PostgreSQL advisory lock,
 * held on a connection of its own for as long as the request writes. These connections come from
 * a small pool beside the app's, so uploads in progress never take the connections pages need.
 *
 * A request that finds the upload busy asks the holder to let go when the holder is in the same
 * process (as tus's in-memory locker does: a client that lost its connection comes back at
 * once); a holder in another process is waited for, which ends when its request does.
 */

const ACQUIRE_TIMEOUT_MS = 30_000
const RETRY_MS = 100
/** Uploads written at once by one process; more wait for a connection. */
const MAX_HOLDERS = 20

const LOCK_POOL_KEY = Symbol.for('afterglow.upload-lock-pool')
type GlobalWithLockPool = typeof globalThis & { [LOCK_POOL_KEY]?: pg.Pool }

function lockPool() {
  const store = globalThis as GlobalWithLockPool
  if (!store[LOCK_POOL_KEY]) {
    // Its holders are checked out for as long as an upload writes: a lost server must not end the process.
    const pool = new pg.Pool({
      ...getPool().options,
      Client: OutageSafeClient,
      max: MAX_HOLDERS,
      idleTimeoutMillis: 10_000,
    })
    pool.on('error', (error) => logger.warn({ err: error }, 'idle upload lock client error'))
    store[LOCK_POOL_KEY] = pool
  }
  return store[LOCK_POOL_KEY]
}

/** Closes the lock connections (at shutdown, after the server stopped taking requests). */
export async function closeUploadLocks() {
  const store = globalThis as GlobalWithLockPool
  const pool = store[LOCK_POOL_KEY]
  delete store[LOCK_POOL_KEY]
  await pool?.end()
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

export class SharedUploadLocker implements Locker {
  /** This process's holders, so a newcomer can ask them to let go. */
  readonly held = new Map<string, RequestRelease>()

  newLock(id: string): Lock {
    return new SharedUploadLock(id, this)
  }
}

class SharedUploadLock implements Lock {
  private client: pg.PoolClient | null = null

  constructor(
    private readonly id: string,
    private readonly locker: SharedUploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease) {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS
    while (!signal.aborted && Date.now() < deadline) {
      const local = this.locker.held.get(this.id)
      if (local) await local()
      else if (await this.tryLock()) {
        this.locker.held.set(this.id, requestRelease)
        return
      }
      await sleep(RETRY_MS, signal)
    }
    throw ERRORS.ERR_LOCK_TIMEOUT
  }

  private async tryLock() {
    const client = await lockPool().connect()
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtextextended('tus-upload:' || $1, 0)) as locked",
        [this.id],
      )
      if (rows[0]?.locked) {
        this.client = client
        return true
      }
    } catch (error) {
      client.release(error as Error)
      throw error
    }
    client.release()
    return false
  }

  async unlock() {
    const client = this.client
    this.client = null
    this.locker.held.delete(this.id)
    if (!client) return
    try {
      await client.query("select pg_advisory_unlock(hashtextextended('tus-upload:' || $1, 0))", [this.id])
      client.release()
    } catch (error) {
      // A connection that could not unlock is closed: PostgreSQL releases its locks with it.
      client.release(error as Error)
    }
  }
}
