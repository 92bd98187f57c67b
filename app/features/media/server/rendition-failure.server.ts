import { isStorageFull } from '#app/lib/disk-space.server'
import { ImageTooLargeError } from './image-renditions.server'

/** What the admins read on a file whose renditions could not be written for want of room. */
export const STORAGE_FULL_PROCESSING_ERROR = 'Storage is full: the renditions are made once there is room again.'

/**
 * What a failed try at a file's renditions leaves: the reason recorded on the file, whether the
 * file is failed for good (the admin then retries by hand) and whether the queue tries again.
 * Too many pixels stays too many: failed at once, never decoded again. A full storage is the
 * platform's trouble, not the photo's: the file stays pending, so the renditions sweep queues it
 * again once its retries are spent, and it is made when room comes back instead of showing a
 * failure to every photographer who uploaded during the minute the disk was full.
 */
export function renditionFailureOf(error: unknown, isLastAttempt: boolean) {
  if (error instanceof ImageTooLargeError) return { message: error.message, isFinal: true, tryAgain: false }
  if (isStorageFull(error)) return { message: STORAGE_FULL_PROCESSING_ERROR, isFinal: false, tryAgain: true }
  return { message: error instanceof Error ? error.message : String(error), isFinal: isLastAttempt, tryAgain: true }
}
