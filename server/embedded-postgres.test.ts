import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findRunningEmbeddedPostgres } from './embedded-postgres'

/** A pid no process has: the highest Linux allows, past the default pid_max. */
const NO_PROCESS = 4_194_303

describe('the embedded PostgreSQL of a running app', () => {
  let dataDir: string
  // A node process other than this one holds the data directory: it stands for the running app.
  let app: ChildProcess
  beforeEach(async () => {
    app = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-embedded-'))
    await fs.mkdir(path.join(dataDir, 'postgres'))
    await fs.writeFile(
      path.join(dataDir, 'postgres-credentials.json'),
      JSON.stringify({ superPassword: 'super-secret', appPassword: 'app-secret' }),
    )
  })
  afterEach(async () => {
    app.kill()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  /** What PostgreSQL writes: pid, data directory, start time, port, socket folder, address. */
  const writePostmaster = (pid: number, port: number) =>
    fs.writeFile(
      path.join(dataDir, 'postgres', 'postmaster.pid'),
      [pid, path.join(dataDir, 'postgres'), 1796222160, port, dataDir, '127.0.0.1', '  5432001    3', 'ready'].join(
        '\n',
      ),
    )
  const claimForRunningApp = () => fs.writeFile(path.join(dataDir, 'afterglow.pid'), String(app.pid))

  it('is reached as the app reaches it, on its port, as the app role, and is not stopped by the script', async () => {
    await claimForRunningApp()
    await writePostmaster(process.pid, 54_321)
    const running = await findRunningEmbeddedPostgres(dataDir)
    expect(running?.url).toBe('postgresql://afterglow:app-secret@127.0.0.1:54321/afterglow')
    await running?.stop()
    expect(await fs.readFile(path.join(dataDir, 'afterglow.pid'), 'utf8')).toBe(String(app.pid))
  })

  it('is none when no app holds the data directory, or the one that did has ended', async () => {
    await writePostmaster(process.pid, 54_321)
    expect(await findRunningEmbeddedPostgres(dataDir)).toBeNull()
    await fs.writeFile(path.join(dataDir, 'afterglow.pid'), String(NO_PROCESS))
    expect(await findRunningEmbeddedPostgres(dataDir)).toBeNull()
  })

  it('says to try again while the running app has no server up (it is restarting it)', async () => {
    await claimForRunningApp()
    await expect(findRunningEmbeddedPostgres(dataDir)).rejects.toThrow(/no PostgreSQL running just now/)
    await writePostmaster(NO_PROCESS, 54_321)
    await expect(findRunningEmbeddedPostgres(dataDir)).rejects.toThrow(/try again in a moment/)
  })
})
