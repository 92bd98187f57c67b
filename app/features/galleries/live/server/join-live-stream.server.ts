import type http from 'node:http'
import { EventStream, openEventStream } from '#app/lib/event-stream.server'
import { logger } from '#app/lib/logger.server'
import { LIVE_CATCH_UP, LIVE_RETRY_MS } from '../live.schema'
import { findLivePhotosAfter } from './find-live-photos.server'
import { encodeLiveEvent, joinGallery, leaveGallery, type LiveSubscriber } from './live-hub.server'

/** A stream catching up on more than this many photos is told the rest by the next reconnect or the page itself. */
const MAX_CATCH_UP_ROUNDS = 5
/** Photos published while a stream catches up wait for it; a stream this far behind is dropped. */
const MAX_HELD = 1000

/**
 * A fan's page or a wall on its gallery's stream: the one object a stream keeps (the hub and the
 * open streams hold it; its methods are shared), ten thousand at once.
 */
class LiveStream extends EventStream implements LiveSubscriber {
  /** Photos published while the stream catches up, sent after it; null once caught up. */
  private held: Array<{ seq: number; chunk: Uint8Array }> | null = []

  constructor(
    res: http.ServerResponse,
    private readonly galleryId: string,
    /** The last place sent (or seen by the client before it came). */
    public sent: number,
  ) {
    super(res)
  }

  deliver(seq: number, chunk: Uint8Array) {
    if (this.held) {
      this.held.push({ seq, chunk })
      return this.held.length <= MAX_HELD
    }
    if (seq <= this.sent) return true
    this.sent = seq
    return this.send(chunk)
  }

  write(chunk: Uint8Array) {
    return this.held !== null || this.send(chunk)
  }

  closed() {
    leaveGallery(this.galleryId, this)
  }

  /** A photo it missed; false (and off the gallery) once the stream is gone. */
  sendMissed(seq: number, chunk: Uint8Array) {
    if (!this.send(chunk)) {
      leaveGallery(this.galleryId, this)
      return false
    }
    this.sent = seq
    return true
  }

  /** What was published while it caught up, then each photo as it comes. */
  caughtUp() {
    const held = this.held ?? []
    this.held = null
    for (const { seq, chunk } of held) if (!this.deliver(seq, chunk)) return leaveGallery(this.galleryId, this)
  }
}

/** Streams that joined a gallery at the same place in this turn of the event loop, read for together. */
const joining = new Map<string, LiveStream[]>()

/**
 * What streams joined at place `after` missed, oldest first, read once for all of them (screens of
 * one wall, fans coming back after a deploy) and written to each; then what was published meanwhile.
 */
async function catchUp(galleryId: string, after: number, streams: LiveStream[]) {
  let place = after
  try {
    for (let round = 0; round < MAX_CATCH_UP_ROUNDS && streams.length > 0; round++) {
      const photos = await findLivePhotosAfter(galleryId, place)
      for (const photo of photos) {
        const chunk = encodeLiveEvent(photo)
        streams = streams.filter((stream) => stream.sendMissed(photo.seq, chunk))
        place = photo.seq
      }
      if (photos.length < LIVE_CATCH_UP) break
    }
  } catch (error) {
    logger.warn({ err: error, galleryId }, 'live stream could not catch up')
  }
  for (const stream of streams) stream.caughtUp()
}

/**
 * Opens a fan's page's or a wall's stream on `res`, on a gallery after place `after` (its
 * `Last-Event-ID`, or where its page ended): first what it missed, oldest first, then each photo
 * as it is approved, each exactly once and in order.
 */
export function joinLiveStream(res: http.ServerResponse, galleryId: string, after: number) {
  const stream = new LiveStream(res, galleryId, after)
  if (!openEventStream(res, stream, { retryMs: LIVE_RETRY_MS })) return
  // Joined before reading (the read starts on the next turn), so nothing published during the
  // read falls between the two.
  joinGallery(galleryId, stream)
  const key = `${galleryId}:${after}`
  const together = joining.get(key)
  if (together) return void together.push(stream)
  joining.set(key, [stream])
  setImmediate(() => {
    const streams = joining.get(key)!
    joining.delete(key)
    void catchUp(galleryId, after, streams)
  })
}
