import { diskReserveOf, diskRoomOf } from '#app/lib/disk-space.server'
import { getStorage } from '#app/lib/storage.server'
import { uploadDirectory } from './sweep-uploads.server'

export type DiskRoomCheck = {
  free: number
  total: number
  /** Below this much free, every upload is refused (507) before its bytes. */
  reserve: number
  /** error: uploads are refused now; warning: under a tenth of the disk is left. */
  level: 'ok' | 'warning' | 'error'
}

/**
 * The room left where uploads land and media is kept, as the operator needs to see it before a
 * show fills it: the tighter of the two disks (one when they share it). Null when media is in a
 * bucket, which has no free space to read and keeps the uploads under way too.
 */
export async function checkDiskRoom(): Promise<DiskRoomCheck | null> {
  const media = getStorage().directory
  if (!media) return null
  const rooms = await Promise.all([uploadDirectory(), media].map(diskRoomOf))
  const roomFor = (room: (typeof rooms)[number]) => room.free - diskReserveOf(room.total)
  const tightest = rooms.reduce((a, b) => (roomFor(b) < roomFor(a) ? b : a))
  const reserve = diskReserveOf(tightest.total)
  const level = tightest.free <= reserve ? 'error' : tightest.free < tightest.total / 10 ? 'warning' : 'ok'
  return { free: tightest.free, total: tightest.total, reserve, level }
}
