import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Upload } from '@tus/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StorageFullError } from '#app/lib/disk-space.server'
import { DiskFriendlyFileStore } from './upload-file-store.server'

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-upload-store-'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

// 20 MB written in 320 pieces and read back: seconds when the machine and its disk are shared.
describe('the upload store', { timeout: 30_000 }, () => {
  it('writes each piece at its offset and answers the new offset, whatever the socket split it into', async () => {
    const store = new DiskFriendlyFileStore(dir)
    const id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
    await store.create(new Upload({ id, size: 20 * 1024 * 1024, offset: 0 }))
    const first = Buffer.alloc(12 * 1024 * 1024, 1)
    const second = Buffer.alloc(8 * 1024 * 1024, 2)
    // Many small pieces, as a socket delivers them.
    const pieces = (bytes: Buffer) =>
      Readable.from(Array.from({ length: bytes.length / 65536 }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)))
    expect(await store.write(pieces(first), id, 0)).toBe(first.length)
    expect(await store.write(pieces(second), id, first.length)).toBe(first.length + second.length)
    expect((await store.getUpload(id)).offset).toBe(first.length + second.length)
    const stored = await fs.readFile(path.join(dir, id))
    expect(stored.equals(Buffer.concat([first, second]))).toBe(true)
  })

  it('never writes outside its folder', async () => {
    const store = new DiskFriendlyFileStore(dir)
    await expect(store.write(Readable.from([Buffer.from('x')]), '../escape', 0)).rejects.toMatchObject({
      status_code: 404,
    })
    await expect(fs.access(path.join(dir, '..', 'escape'))).rejects.toThrow()
  })

  it('removes an upload whose write found the disk full, and says the storage is full', async () => {
    const store = new DiskFriendlyFileStore(dir)
    const id = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
    await store.create(new Upload({ id, size: 1024 * 1024, offset: 0 }))
    // The kernel's own "no space left on device": every write to /dev/full fails with ENOSPC.
    await fs.rm(path.join(dir, id))
    await fs.symlink('/dev/full', path.join(dir, id))
    const write = store.write(Readable.from([Buffer.alloc(256 * 1024, 7)]), id, 0)
    await expect(write).rejects.toBeInstanceOf(StorageFullError)
    await expect(write).rejects.toMatchObject({ cause: { code: 'ENOSPC' } })
    // Nothing of it is kept: neither the bytes nor its description.
    expect((await fs.readdir(dir)).filter((name) => name.startsWith(id))).toEqual([])
  })

  it('keeps what arrived when the connection drops, to be resumed', async () => {
    const store = new DiskFriendlyFileStore(dir)
    const id = '0123456789abcdef0123456789abcdef'
    await store.create(new Upload({ id, size: 1024 * 1024, offset: 0 }))
    const dropped = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 3))
        this.destroy(new Error('socket hang up'))
      },
    })
    await expect(store.write(dropped, id, 0)).rejects.toMatchObject({ status_code: 500 })
    expect((await fs.readdir(dir)).filter((name) => name.startsWith(id)).sort()).toEqual([id, `${id}.json`])
  })

  it('counts the bytes uploads under way are still to write, until they finish, go or stop coming', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-pending-'))
    try {
      const store = new DiskFriendlyFileStore(folder)
      const first = 'aaaaaaaaaaaaaaaa0000000000000001'
      const second = 'aaaaaaaaaaaaaaaa0000000000000002'
      const idle = 'aaaaaaaaaaaaaaaa0000000000000003'
      await store.create(new Upload({ id: first, size: 3000, offset: 0 }))
      await store.create(new Upload({ id: second, size: 5000, offset: 0 }))
      await store.create(new Upload({ id: idle, size: 7000, offset: 0 }))
      const now = Date.now()
      await store.write(Readable.from([Buffer.alloc(1000, 1)]), first, 0)
      // Nothing arrived for two hours: it may never resume, so it promises no room.
      const twoHoursAgo = new Date(now - 2 * 60 * 60 * 1000)
      await fs.utimes(path.join(folder, idle), twoHoursAgo, twoHoursAgo)
      expect(await store.pendingBytes(now)).toBe(2000 + 5000)
      await store.remove(second)
      expect(await store.pendingBytes(now)).toBe(2000)
      // Finished: local storage moved its file into place.
      await fs.rename(path.join(folder, first), path.join(folder, 'moved'))
      expect(await store.pendingBytes(now)).toBe(0)
    } finally {
      await fs.rm(folder, { recursive: true, force: true })
    }
  })
})
