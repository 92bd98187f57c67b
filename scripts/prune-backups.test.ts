import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain script of the operator's, without types
import { backupTimeOf, chooseBackupsToRemove } from './prune-backups.js'

const execFileAsync = promisify(execFile)
const script = path.join(import.meta.dirname, 'prune-backups.js')
const DAY_MS = 24 * 60 * 60 * 1000

/** The folder name `npm run backup` gives a backup started at `time`. */
const nameAt = (time: number) => `afterglow-${new Date(time).toISOString().replace(/[:.]/g, '-')}`

type Removal = { name: string; reason: string }

describe('which backups are pruned', () => {
  const now = Date.parse('2026-12-20T04:00:00.000Z')
  const choose = (backups: { name: string; complete: boolean }[], keepDays = 14): Removal[] =>
    chooseBackupsToRemove(backups, { now, keepDays })

  it('reads the time back from the folder name the backup gives, and nothing else', () => {
    expect(backupTimeOf(nameAt(now))).toBe(now)
    expect(backupTimeOf('afterglow-before-upgrade')).toBeNull()
    expect(backupTimeOf('notes')).toBeNull()
  })

  it('removes complete backups older than the days kept and keeps the younger ones', () => {
    const old = nameAt(now - 15 * DAY_MS)
    const recent = nameAt(now - 13 * DAY_MS)
    const today = nameAt(now - 60_000)
    const removed = choose([
      { name: old, complete: true },
      { name: recent, complete: true },
      { name: today, complete: true },
    ])
    expect(removed).toEqual([{ name: old, reason: 'older than 14 days' }])
  })

  it('never removes the newest complete backup, however old, nor what it cannot date', () => {
    const lastGood = nameAt(now - 40 * DAY_MS)
    const older = nameAt(now - 50 * DAY_MS)
    const removed = choose([
      { name: lastGood, complete: true },
      { name: older, complete: true },
      { name: 'afterglow-before-upgrade', complete: true },
      { name: nameAt(now - 2 * DAY_MS), complete: false },
    ])
    expect(removed.map((removal) => removal.name).sort()).toEqual([older, nameAt(now - 2 * DAY_MS)].sort())
  })

  it('removes an unfinished backup after a day, not the one being written', () => {
    const failed = nameAt(now - 1.5 * DAY_MS)
    const underWay = nameAt(now - 10 * 60_000)
    const removed = choose([
      { name: failed, complete: false },
      { name: underWay, complete: false },
      { name: nameAt(now - DAY_MS), complete: true },
    ])
    expect(removed).toEqual([{ name: failed, reason: 'unfinished' }])
  })
})

describe('npm run backup:prune', () => {
  let folder: string
  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-prune-'))
  })
  afterEach(async () => {
    await fs.rm(folder, { recursive: true, force: true })
  })

  async function makeBackup(name: string, complete: boolean) {
    await fs.mkdir(path.join(folder, name, 'media'), { recursive: true })
    if (complete) await fs.writeFile(path.join(folder, name, 'manifest.json'), '{}')
  }

  const run = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout } = await execFileAsync(process.execPath, [script, ...args], {
        env: { PATH: process.env.PATH, ...env },
      })
      return { code: 0, output: stdout }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, output: failed.stdout + failed.stderr }
    }
  }

  it('removes the folders past the days kept from BACKUP_DIR and says what it did', async () => {
    const now = Date.now()
    const old = nameAt(now - 8 * DAY_MS)
    const young = nameAt(now - 2 * DAY_MS)
    await makeBackup(old, true)
    await makeBackup(young, true)
    await fs.writeFile(path.join(folder, 'README'), 'copied off-site nightly')

    const result = await run([], { BACKUP_DIR: folder, BACKUP_KEEP_DAYS: '7' })
    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain(`removed ${old} (older than 7 days)`)
    expect(existsSync(path.join(folder, old))).toBe(false)
    expect(existsSync(path.join(folder, young, 'manifest.json'))).toBe(true)
    expect(existsSync(path.join(folder, 'README'))).toBe(true)
  })

  it('refuses days it cannot use, and a folder it cannot read, without removing anything', async () => {
    const old = nameAt(Date.now() - 30 * DAY_MS)
    await makeBackup(old, true)
    await makeBackup(nameAt(Date.now()), true)
    const badDays = await run(['--keep-days', '0', folder])
    expect(badDays.code).toBe(2)
    expect(badDays.output).toContain('at least 1')
    expect(existsSync(path.join(folder, old))).toBe(true)

    const missing = await run([path.join(folder, 'nowhere')])
    expect(missing.code).toBe(1)
    expect(missing.output).toContain("Cannot read the backups' folder")
  })
})
