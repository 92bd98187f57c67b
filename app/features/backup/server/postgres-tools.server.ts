import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

/** The server's major version (15, 17…). */
export async function serverMajorVersion(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num')
    return Math.floor(Number(rows[0].server_version_num) / 10_000)
  } finally {
    await client.end()
  }
}

async function majorOf(binary: string) {
  try {
    const { stdout } = await run(binary, ['--version'])
    const match = stdout.match(/\(PostgreSQL\)\s+(\d+)/)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/**
 * `pg_dump` or `pg_restore` of at least `minimumMajor` (pg_dump refuses a newer server): from
 * PG_BIN, Debian's /usr/lib/postgresql/<major>/bin, then PATH; the newest that fits.
 */
export async function findPostgresTool(name: 'pg_dump' | 'pg_restore', minimumMajor: number, because: string) {
  const folders = [
    process.env.PG_BIN,
    ...(await fs.readdir('/usr/lib/postgresql').catch(() => [])).map((major) =>
      path.join('/usr/lib/postgresql', major, 'bin'),
    ),
  ]
  const candidates = [
    ...folders.filter((folder): folder is string => Boolean(folder)).map((folder) => path.join(folder, name)),
    name,
  ]
  const found: { binary: string; major: number }[] = []
  for (const binary of candidates) {
    const major = await majorOf(binary)
    if (major !== null) found.push({ binary, major })
  }
  const fitting = found.filter((tool) => tool.major >= minimumMajor).sort((a, b) => b.major - a.major)
  if (fitting.length > 0) return fitting[0]
  const seen =
    found.length > 0
      ? `found only ${[...new Set(found.map((tool) => `${name} ${tool.major}`))].join(', ')}`
      : `found no ${name}`
  throw new BackupError(
    `${because}, which needs ${name} ${minimumMajor} or newer; ${seen}. Install the PostgreSQL ${minimumMajor} client tools (Debian: postgresql-client-${minimumMajor}) or set PG_BIN to the folder that holds them.`,
  )
}

/**
 * The connection as libpq's variables (the password stays out of the process list). Every table
 * is read and written with the tenant policies' bypass on (app_bypasses_rls()), as the app's
 * system jobs do: a non-superuser owner otherwise sees no company's rows.
 */
export function postgresToolEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl)
  const sslmode = url.searchParams.get('sslmode')
  return {
    ...process.env,
    // A Unix socket's folder (the embedded server's) is named by `host` in the query.
    PGHOST: url.searchParams.get('host') || decodeURIComponent(url.hostname) || process.env.PGHOST,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || process.env.PGUSER,
    PGPASSWORD: decodeURIComponent(url.password) || process.env.PGPASSWORD,
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
    PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c app.bypass_rls=on`.trim(),
  }
}

export async function runTool(binary: string, args: string[], databaseUrl: string) {
  try {
    await run(binary, args, { env: postgresToolEnv(databaseUrl), maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim()
    throw new BackupError(`${path.basename(binary)} failed${stderr ? `:\n${stderr}` : `: ${(error as Error).message}`}`)
  }
}
