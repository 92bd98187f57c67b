import { SHARE_CHANNELS, type ShareChannel } from './analytics-events'
import { sendEvents, track } from './track'
import type { TrackedPage } from './use-fan-tracking'

const BEAT_MS = 10_000
const FILE_IN_URL = /\/p\/([0-9a-f-]{36})\/stream/

/**
 * Listens to what fans do on a page: shares from any share menu on it, and what its videos and
 * audio play (a heartbeat every 10 s while playing, and one on pause, end, seek and leaving).
 * Media are found by their stream address, so the player and the photo viewer need no wiring of
 * their own.
 */
export function listenToFans({ companyId, contentId, eventId }: Omit<TrackedPage, 'page'>) {
  const stopShares = countShares(companyId, contentId, eventId)
  const stopPlayback = contentId ? countPlayback(companyId, contentId) : () => undefined
  return () => {
    stopShares()
    stopPlayback()
  }
}

function countShares(companyId: string, contentId?: string, eventId?: string) {
  const onClick = (event: MouseEvent) => {
    const channel = (event.target as Element | null)?.closest?.('[data-share]')?.getAttribute('data-share')
    if (channel && (SHARE_CHANNELS as readonly string[]).includes(channel)) {
      track(companyId, {
        type: 'share',
        channel: channel as ShareChannel,
        ...(contentId ? { contentId } : {}),
        ...(eventId && !contentId ? { eventId } : {}),
      })
    }
  }
  document.addEventListener('click', onClick, true)
  return () => document.removeEventListener('click', onClick, true)
}

function countPlayback(companyId: string, contentId: string) {
  // Per media element: where the segment being played began, and the last position seen.
  const segments = new Map<
    HTMLMediaElement,
    { from: number; last: number; timer: ReturnType<typeof setInterval> | null }
  >()
  const fileOf = (media: HTMLMediaElement) => FILE_IN_URL.exec(media.currentSrc || media.src)?.[1]
  const beat = (
    media: HTMLMediaElement,
    reason: 'tick' | 'pause' | 'end' | 'seek' | 'pagehide',
    to = media.currentTime,
  ) => {
    const segment = segments.get(media)
    const assetId = fileOf(media)
    if (!segment || !assetId || !Number.isFinite(to)) return
    if (to > segment.from) track(companyId, { type: 'heartbeat', contentId, assetId, from: segment.from, to, reason })
    segment.from = to
  }
  const stop = (media: HTMLMediaElement) => {
    const segment = segments.get(media)
    if (segment?.timer) clearInterval(segment.timer)
    if (segment) segment.timer = null
  }
  const seen = (media: EventTarget | null, type: string) => {
    if (!(media instanceof HTMLMediaElement) || !fileOf(media)) return
    const segment = segments.get(media) ?? { from: media.currentTime, last: media.currentTime, timer: null }
    segments.set(media, segment)
    if (type === 'play' || type === 'playing') {
      if (!segment.timer) {
        segment.from = media.currentTime
        segment.timer = setInterval(() => beat(media, 'tick'), BEAT_MS)
      }
    } else if (type === 'timeupdate') {
      if (!media.seeking) segment.last = media.currentTime
    } else if (type === 'seeking') {
      beat(media, 'seek', segment.last)
      segment.from = media.currentTime
    } else if (type === 'pause' || type === 'ended') {
      stop(media)
      beat(media, type === 'ended' ? 'end' : 'pause')
      if (type === 'ended') sendEvents()
    }
  }
  const onMedia = (event: Event) => seen(event.target, event.type)
  const onLeave = () => {
    for (const media of segments.keys()) if (!media.paused) beat(media, 'pagehide')
  }
  const types = ['play', 'playing', 'timeupdate', 'seeking', 'pause', 'ended']
  for (const type of types) document.addEventListener(type, onMedia, true)
  // Before track.ts sends on the same event (listeners run in the order they were added).
  addEventListener('pagehide', onLeave, { capture: true })
  // What started playing before this file arrived (a quick tap, autoplay) counts from where it began.
  for (const element of document.querySelectorAll('video, audio')) {
    const media = element as HTMLMediaElement
    if (media.paused) continue
    seen(media, 'playing')
    const segment = segments.get(media)
    for (let range = 0; segment && range < media.played.length; range++) {
      if (media.played.start(range) <= media.currentTime && media.currentTime <= media.played.end(range))
        segment.from = media.played.start(range)
    }
  }
  return () => {
    onLeave()
    for (const media of segments.keys()) stop(media)
    for (const type of types) document.removeEventListener(type, onMedia, true)
    removeEventListener('pagehide', onLeave, { capture: true })
  }
}
