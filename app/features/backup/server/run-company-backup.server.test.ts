import { describe, expect, it } from 'vitest'
import { StorageFullError } from '#app/lib/disk-space.server'
import en from '#app/locales/en.json'
import { backupFailureReasonOf } from './run-company-backup.server'

describe('why a company archive failed, as its admins read it', () => {
  it('says the storage is full in their words, never the raw ENOSPC', () => {
    const enospc = Object.assign(
      new Error("ENOSPC: no space left on device, write '/data/media/c/backups/b.zip.part'"),
      {
        code: 'ENOSPC',
      },
    )
    for (const error of [enospc, new StorageFullError()]) {
      expect(backupFailureReasonOf(error)).toBe('backups.errors.storageFull')
    }
    expect(en.backups.errors.storageFull).toMatch(/no room left in storage/)
  })

  it('keeps any other reason as the error said it, within the column’s 500 characters', () => {
    expect(backupFailureReasonOf(new Error('The archive is damaged'))).toBe('The archive is damaged')
    expect(backupFailureReasonOf(new Error('x'.repeat(900)))).toHaveLength(500)
  })
})
