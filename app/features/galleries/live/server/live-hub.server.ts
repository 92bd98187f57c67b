import { logger } from '#app/lib/logger.server'
import { LIVE_PING_MS, type LivePhoto } from '../live.schema'
import { findLivePhotosAfter } from './find-live-photos.server'

/*
 * One process's open live streams (ADR 057). The database tells every process, through the one
 * listening connection it already keeps (`live_photos`, migration 0032), that a gallery's photo
 * became visible; the process reads it once and writes the same bytes to each of that gallery's
 * streams. Nothing per stream but its object (`LiveSubscriber`): no timer, no query, no connection.
 */

export type LiveSubscriber = {
  /** A photo's event at its place; false when the stream is gone or too far behind (it is then dropped). */
  deliver: (seq: number, chunk: Uint8Array) => boolean
  /** Anything else (a ping, the end of the show); false as above. */
  write: (chunk: Uint8Array) => boolean
  /** Where the stream joined: the gallery's reads start after it. */
  sent: number
}

type Gallery = { subscribers: Set<LiveSubscriber>; lastSeq: number; reading: Promise<void> }

const encoder = new TextEncoder()
const galleries = new Map<string, Gallery>()
const PING = encoder.encode(': ping\n\n')
let pinger: ReturnType<typeof setInterval> | undefined
let streams = 0

export function encodeLiveEvent(photo: LivePhoto) {
  return encoder.encode(`id: ${photo.seq}\nevent: photo\ndata: ${JSON.stringify(photo.media)}\n\n`)
}

export function encodeEndedEvent() {
  return encoder.encode('event: ended\ndata: {}\n\n')
}

function send(gallery: Gallery, subscriber: LiveSubscriber, seq: number, chunk: Uint8Array) {
  if (!subscriber.deliver(seq, chunk)) removeSubscriber(gallery, subscriber)
}

function removeSubscriber(gallery: Gallery, subscriber: LiveSubscriber) {
  if (gallery.subscribers.delete(subscriber)) streams--
}

/** Adds a stream to its gallery's listeners. */
export function joinGallery(galleryId: string, subscriber: LiveSubscriber) {
  let gallery = galleries.get(galleryId)
  if (!gallery) {
    gallery = { subscribers: new Set(), lastSeq: subscriber.sent, reading: Promise.resolve() }
    galleries.set(galleryId, gallery)
  }
  // The gallery's reads go on from where the process stands, whoever joins: a stream joining
  // further on (its page read a photo before the photo's notification came) skips what it has,
  // while the others still get that photo.
  gallery.subscribers.add(subscriber)
  streams++
  startPinging()
}

/** Takes a stream off its gallery's listeners (again does nothing). */
export function leaveGallery(galleryId: string, subscriber: LiveSubscriber) {
  const gallery = galleries.get(galleryId)
  if (!gallery) return
  removeSubscriber(gallery, subscriber)
  if (gallery.subscribers.size === 0) galleries.delete(galleryId)
  if (streams === 0) stopPinging()
}

/** Adds a stream to its gallery's listeners; returns the function that removes it. */
export function subscribeToGallery(galleryId: string, subscriber: LiveSubscriber) {
  joinGallery(galleryId, subscriber)
  return () => leaveGallery(galleryId, subscriber)
}

/**
 * A photo became visible (payload `galleryId:seq`), or the gallery's live mode ended
 * (`galleryId:end`). Reads run one after another per gallery, each from the last place sent, so
 * a lost or late notification is caught up by the next.
 */
export function onLiveNotification(payload: string) {
  const [galleryId, what] = payload.split(':')
  const gallery = galleryId ? galleries.get(galleryId) : undefined
  if (!gallery) return
  if (what === 'end') {
    const chunk = encodeEndedEvent()
    for (const subscriber of gallery.subscribers) if (!subscriber.write(chunk)) removeSubscriber(gallery, subscriber)
    return
  }
  const seq = Number(what)
  if (!Number.isSafeInteger(seq) || seq <= gallery.lastSeq) return
  gallery.reading = gallery.reading.then(async () => {
    try {
      while (gallery.lastSeq < seq) {
        const photos = await findLivePhotosAfter(galleryId, gallery.lastSeq)
        if (photos.length === 0) break
        for (const photo of photos) {
          const chunk = encodeLiveEvent(photo)
          for (const subscriber of gallery.subscribers) send(gallery, subscriber, photo.seq, chunk)
          gallery.lastSeq = photo.seq
        }
      }
    } catch (error) {
      logger.warn({ err: error, galleryId }, 'live photos not read')
    }
  })
}

/** Streams may have missed photos (the listening connection dropped): every gallery catches up. */
export function onLiveGap() {
  for (const galleryId of galleries.keys()) onLiveNotification(`${galleryId}:${Number.MAX_SAFE_INTEGER}`)
}

function startPinging() {
  if (pinger) return
  pinger = setInterval(() => {
    for (const gallery of galleries.values())
      for (const subscriber of gallery.subscribers) if (!subscriber.write(PING)) removeSubscriber(gallery, subscriber)
  }, LIVE_PING_MS)
  pinger.unref()
}

function stopPinging() {
  clearInterval(pinger)
  pinger = undefined
}

/** How many streams this process holds (the bench and health figures). */
export function openLiveStreams() {
  return streams
}

export const LIVE_CHANGES = { live_photos: onLiveNotification }
