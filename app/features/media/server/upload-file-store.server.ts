import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FileStore } from '@tus/file-store'
import { ERRORS, type Upload } from '@tus/server'
import { isStorageFull, StorageFullError } from '#app/lib/disk-space.server'
import { flushToDisk } from '#app/lib/flush-to-disk.server'

/*
 * How the bytes of an upload reach the disk (docs/architecture.md, "How fast an upload reaches
 * the disk"): each request's body is written through an 8 MB buffer, so the socket's 64 KB pieces
 * become a few large vectored writes instead of one system call each; and once a piece is
 * written, the disk starts storing it while the next one arrives, so the flush that completes an
 * upload finds little left to do.
 */
const WRITE_BUFFER_BYTES = 8 * 1024 * 1024

/** Unfinished uploads are kept a week, so a photographer can resume the next day. */
export const UPLOAD_EXPIRATION_MS = 7 * 24 * 60 * 60 * 1000

/** An upload whose bytes stopped coming this long ago is not counted as about to take room (it may never resume). */
const IDLE_MS = 60 * 60 * 1000

export class DiskFriendlyFileStore extends FileStore {
  private readonly flushing = new Set<string>()
  /** The declared size of each upload this process created and has not finished or removed. */
  private readonly declared = new Map<string, number>()

  constructor(private readonly folder: string) {
    super({ directory: folder, expirationPeriodInMilliseconds: UPLOAD_EXPIRATION_MS })
  }

  /** A disk too full for even the empty file or its description leaves neither behind. */
  override async create(upload: Upload) {
    try {
      const created = await super.create(upload)
      if (upload.size !== undefined) this.declared.set(upload.id, upload.size)
      return created
    } catch (error) {
      if (!isStorageFull(error)) throw error
      await this.remove(upload.id).catch(() => undefined)
      throw new StorageFullError({ cause: error })
    }
  }

  override async write(readable: Readable, id: string, offset: number) {
    // Ids are the server's own random hex; anything else never names a file.
    if (!/^[0-9a-f]{16,64}$/.test(id)) throw ERRORS.FILE_NOT_FOUND
    const file = path.join(this.folder, id)
    const output = createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES })
    try {
      await pipeline(readable, output)
    } catch (error) {
      // The disk filled mid-way: the part received goes at once, since keeping it for a resume
      // would keep the disk full for everyone (the photographer starts the file again later).
      // Any other failure (a dropped connection) keeps what arrived, to be resumed.
      if (isStorageFull(error)) {
        await this.remove(id).catch(() => undefined)
        throw new StorageFullError({ cause: error })
      }
      throw ERRORS.FILE_WRITE_ERROR
    } finally {
      this.flushInBackground(file)
    }
    return offset + output.bytesWritten
  }

  /**
   * The upload's file may already be gone (local storage moves a finished one into place rather
   * than copying it); its description goes all the same, so nothing is left in the folder.
   */
  override async remove(id: string) {
    if (!/^[0-9a-f]{16,64}$/.test(id)) throw ERRORS.FILE_NOT_FOUND
    this.declared.delete(id)
    await fs.rm(path.join(this.folder, id), { force: true })
    await this.configstore.delete(id)
  }

  /**
   * The bytes uploads under way are still to write: each one this process created, its declared
   * size less what its file holds. Uploads started together each see the same free space; this is
   * the room the others already promised, so the second of two that cannot both fit is refused
   * before its bytes rather than when the disk fills. One idle for an hour is not counted.
   */
  async pendingBytes(now = Date.now()) {
    let pending = 0
    for (const [id, size] of this.declared) {
      const file = await fs.stat(path.join(this.folder, id)).catch(() => null)
      // Moved into storage (finished) or removed behind the store's back: nothing more to come.
      if (!file) this.declared.delete(id)
      else if (now - file.mtimeMs < IDLE_MS) pending += Math.max(0, size - file.size)
    }
    return pending
  }

  /** One flush at a time per file; a failed one only means the final flush does more. */
  private flushInBackground(file: string) {
    if (this.flushing.has(file)) return
    this.flushing.add(file)
    void flushToDisk(file, { dataOnly: true })
      .catch(() => undefined)
      .finally(() => this.flushing.delete(file))
  }
}
