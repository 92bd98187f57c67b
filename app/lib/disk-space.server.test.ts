import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { diskReserveOf, diskRoomOf, hasDiskRoomFor, isStorageFull, StorageFullError } from './disk-space.server'

const GIB = 1024 * 1024 * 1024

describe('the room an upload may take', () => {
  it('keeps the last 5 % of a disk, at most 1 GiB', () => {
    expect(diskReserveOf(40 * 1024 * 1024)).toBe(2 * 1024 * 1024)
    expect(diskReserveOf(10 * GIB)).toBe(GIB / 2)
    expect(diskReserveOf(2000 * GIB)).toBe(GIB)
  })

  it('judges a folder not made yet by the disk it will be made on', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-room-'))
    try {
      const room = await diskRoomOf(path.join(parent, 'uploads', 'not-yet'))
      const stats = await fs.statfs(parent)
      expect(room.device).toBe((await fs.stat(parent)).dev)
      expect(room.total).toBe(stats.blocks * stats.bsize)
      expect(room.free).toBeGreaterThan(0)
    } finally {
      await fs.rm(parent, { recursive: true, force: true })
    }
  })

  it('refuses what is larger than the disk, counting a disk shared by two folders once', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-room-'))
    try {
      const uploads = path.join(parent, 'uploads')
      const media = path.join(parent, 'media')
      const room = await diskRoomOf(parent)
      expect(await hasDiskRoomFor([uploads, media], room.total + 1)).toBe(false)
      // Less than the room the reserve leaves: fits, though both folders hold it (one disk).
      const fits = Math.floor((room.free - diskReserveOf(room.total)) / 4)
      if (fits > 0) expect(await hasDiskRoomFor([uploads, media], fits)).toBe(true)
    } finally {
      await fs.rm(parent, { recursive: true, force: true })
    }
  })
})

describe('a full storage', () => {
  it('is told by the disk, a quota or an S3-compatible server, also when wrapped', () => {
    expect(isStorageFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true)
    expect(isStorageFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true)
    expect(isStorageFull({ name: 'XMinioStorageFull', $metadata: { httpStatusCode: 507 } })).toBe(true)
    expect(isStorageFull(new Error('stored?', { cause: Object.assign(new Error(), { code: 'ENOSPC' }) }))).toBe(true)
    expect(isStorageFull(new StorageFullError())).toBe(true)
  })

  it('is not any other failure', () => {
    expect(isStorageFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false)
    expect(isStorageFull({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } })).toBe(false)
    expect(isStorageFull(null)).toBe(false)
    expect(isStorageFull('ENOSPC')).toBe(false)
  })
})
