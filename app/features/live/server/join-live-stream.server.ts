import type { EventStreamWriter } from '#app/lib/event-stream.server'
import { logger } from '#app/lib/logger.server'
import { LIVE_CATCH_UP } from '../live.schema'
import { findLivePhotosAfter } from './find-live-photos.server'
import { encodeLiveEvent, subscribeToGallery, type LiveSubscriber } from './live-hub.server'

/** A stream catching up on more than this many photos is told the rest by the next reconnect or the page itself. */
const MAX_CATCH_UP_ROUNDS = 5
/** Photos published while a stream catches up wait for it; a stream this far behind is dropped. */
const MAX_HELD = 1000

/**
 * A fan's page or a wall joins a gallery's stream after place `after` (its `Last-Event-ID`, or
 * where its page ended): first what it missed, oldest first, then each photo as it is approved,
 * each exactly once and in order. Returns the function that leaves the stream.
 */
export function joinLiveStream(galleryId: string, after: number, writer: EventStreamWriter) {
  let sent = after
  let catchingUp = true
  const held: Array<{ seq: number; chunk: Uint8Array }> = []
  const subscriber: LiveSubscriber = {
    sent: after,
    deliver(seq, chunk) {
      if (catchingUp) {
        held.push({ seq, chunk })
        return held.length <= MAX_HELD
      }
      if (seq <= sent) return true
      sent = seq
      return writer.write(chunk)
    },
    write: (chunk) => catchingUp || writer.write(chunk),
  }
  // Joined before reading, so nothing published during the read falls between the two.
  const leave = subscribeToGallery(galleryId, subscriber)
  void (async () => {
    try {
      for (let round = 0; round < MAX_CATCH_UP_ROUNDS; round++) {
        const photos = await findLivePhotosAfter(galleryId, sent)
        for (const photo of photos) {
          if (!writer.write(encodeLiveEvent(photo))) return leave()
          sent = photo.seq
        }
        if (photos.length < LIVE_CATCH_UP) break
      }
    } catch (error) {
      logger.warn({ err: error, galleryId }, 'live stream could not catch up')
    }
    catchingUp = false
    for (const { seq, chunk } of held.splice(0)) if (!subscriber.deliver(seq, chunk)) return leave()
  })()
  return leave
}
