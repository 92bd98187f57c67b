import { describe, expect, it } from 'vitest'
import { migrationsOfBackup, readLocalMigrations, type LocalMigration } from './migrate-to-backup.server'

const local: LocalMigration[] = [
  { tag: '0000_first', when: 1000, hash: 'a'.repeat(64) },
  { tag: '0001_second', when: 2000, hash: 'b'.repeat(64) },
  { tag: '0002_third', when: 3000, hash: 'c'.repeat(64) },
]

describe('the migrations a built-in backup is restored with', () => {
  it('are those its database had run, and not the newer ones: the app migrates the rows on at its next start', () => {
    expect(
      migrationsOfBackup(
        [
          { hash: 'a'.repeat(64), createdAt: 1000 },
          { hash: 'b'.repeat(64), createdAt: 2000 },
        ],
        local,
      ).map((migration) => migration.tag),
    ).toEqual(['0000_first', '0001_second'])
    expect(
      migrationsOfBackup(
        local.map((migration) => ({ hash: migration.hash, createdAt: migration.when })),
        local,
      ),
    ).toEqual(local)
  })

  it('refuses a backup from a newer version, naming what to do', () => {
    expect(() =>
      migrationsOfBackup(
        [
          { hash: 'a'.repeat(64), createdAt: 1000 },
          { hash: 'd'.repeat(64), createdAt: 4000 },
        ],
        local,
      ),
    ).toThrow(
      "The backup's database ran a migration (of 1970-01-01T00:00:04.000Z) that this version of Afterglow does not have: restore it with the version that wrote it, or a newer one.",
    )
  })

  it('refuses a backup whose migration was edited since', () => {
    expect(() => migrationsOfBackup([{ hash: 'f'.repeat(64), createdAt: 1000 }], local)).toThrow(
      "Migration 0000_first here differs from the one the backup's database ran",
    )
  })

  it("reads this version's migrations with the hashes drizzle records", async () => {
    const migrations = await readLocalMigrations()
    expect(migrations.length).toBeGreaterThan(30)
    expect(migrations[0].tag).toBe('0000_foundation')
    for (const migration of migrations) expect(migration.hash).toMatch(/^[0-9a-f]{64}$/)
  })
})
