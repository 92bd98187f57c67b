import { describe, expect, it } from 'vitest'
import { parseBackupManifest, tableFile } from './backup-manifest'

const sha = 'e'.repeat(64)
const copyDatabase = {
  format: 'copy',
  serverVersion: '17.6',
  migrations: [{ hash: sha, createdAt: 1795238133923 }],
  queue: { schemaVersion: 24, queues: [{ name: 'media.delete-files', partition: `j${'0'.repeat(56)}` }] },
  tables: [
    { schema: 'public', name: 'assets', columns: [{ name: 'id', type: 'uuid' }], rows: 2, size: 90, sha256: sha },
  ],
  partitions: [],
  sequences: [{ schema: 'public', name: 'assets_live_seq', lastValue: '12', isCalled: true }],
}

describe('a backup manifest', () => {
  it('of format 1 (before the built-in format) reads as a pg_dump backup', () => {
    const parsed = parseBackupManifest({
      format: 1,
      createdAt: '2026-11-24T10:00:00.000Z',
      database: { file: 'database.dump', size: 10, sha256: sha, serverVersion: '15.18', dumpMajorVersion: 15 },
      media: [],
      missingMedia: [],
    })
    expect(parsed.success && parsed.data).toEqual({
      format: 2,
      createdAt: '2026-11-24T10:00:00.000Z',
      database: {
        format: 'pg_dump',
        file: 'database.dump',
        size: 10,
        sha256: sha,
        serverVersion: '15.18',
        dumpMajorVersion: 15,
      },
      media: [],
      missingMedia: [],
    })
  })

  it('of the built-in format names each table file by its schema and name', () => {
    const parsed = parseBackupManifest({
      format: 2,
      createdAt: '2026-11-24T10:00:00.000Z',
      database: copyDatabase,
      media: [],
      missingMedia: [],
    })
    expect(parsed.success).toBe(true)
    expect(tableFile(copyDatabase.tables[0])).toBe('database/public.assets.copy.gz')
  })

  it('refuses a table name that is not a plain identifier: it becomes a file name and goes into SQL', () => {
    const tables = [{ ...copyDatabase.tables[0], name: '../../etc' }]
    const parsed = parseBackupManifest({
      format: 2,
      createdAt: '2026-11-24T10:00:00.000Z',
      database: { ...copyDatabase, tables },
      media: [],
      missingMedia: [],
    })
    expect(parsed.success).toBe(false)
  })
})
