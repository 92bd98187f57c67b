import fs from 'node:fs/promises'
import path from 'node:path'

/*
 * How much room the local disk has, and what a full one looks like when a write fails. Uploads
 * are refused before their bytes are sent when they would not fit (the tus creation request
 * declares the length), and a write that fills the disk all the same is told apart from any
 * other failure, so the uploader is answered "storage is full" rather than a raw ENOSPC.
 */

const GIB = 1024 * 1024 * 1024

/**
 * What an upload may not take: the last 5 % of the disk, at most 1 GiB. PostgreSQL often shares
 * the disk (the embedded database lives under DATA_DIR); with no room for its WAL it stops, and
 * every page with it, so uploads stop well before the disk does. The renditions a photo needs
 * once uploaded (a few web sizes, a fraction of the original) come out of the same room.
 */
export function diskReserveOf(totalBytes: number) {
  return Math.min(Math.floor(totalBytes * 0.05), GIB)
}

export type DiskRoom = {
  /** Bytes an unprivileged process may still write (statfs's bavail). */
  free: number
  total: number
  /** The file system's device, to count a disk shared by several folders once. */
  device: number
}

/**
 * The room of the disk holding `directory`. A folder not made yet (the uploads folder before the
 * first upload) is judged by the nearest one above it that exists: that is where it will be made.
 */
export async function diskRoomOf(directory: string): Promise<DiskRoom> {
  let current = path.resolve(directory)
  for (;;) {
    try {
      const [stats, entry] = await Promise.all([fs.statfs(current), fs.stat(current)])
      return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize, device: entry.dev }
    } catch (error) {
      const parent = path.dirname(current)
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error
      current = parent
    }
  }
}

/**
 * Whether `bytes` fit on each disk that holds one of `directories`, its reserve kept. A disk that
 * holds several of them (the uploads folder and the media beside it: a finished upload is renamed
 * into place, not copied) is asked for the bytes once.
 */
export async function hasDiskRoomFor(directories: string[], bytes: number) {
  const rooms = await Promise.all(directories.map(diskRoomOf))
  const disks = new Map(rooms.map((room) => [room.device, room]))
  return [...disks.values()].every((room) => room.free - diskReserveOf(room.total) >= bytes)
}

/** What storage says when it has no room: the disk's ENOSPC or a quota's EDQUOT, an S3-compatible server's 507, or the app's own StorageFullError. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (error instanceof StorageFullError) return true
  if (typeof error !== 'object' || error === null || depth > 4) return false
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown }; cause?: unknown }
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true
  // MinIO and Ceph answer a full disk with 507 (XMinioStorageFull, InsufficientStorage).
  if (e.$metadata?.httpStatusCode === 507 || e.name === 'XMinioStorageFull' || e.name === 'InsufficientStorage')
    return true
  return isStorageFull(e.cause, depth + 1)
}

/** A write that found the disk full; what was written of it has been removed. */
export class StorageFullError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('storage is full', options)
    this.name = 'StorageFullError'
  }
}
