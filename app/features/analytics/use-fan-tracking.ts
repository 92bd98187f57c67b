import { useEffect } from 'react'
import { SHARE_CHANNELS, type PageKind, type ShareChannel } from './analytics-events'
import { sendEvents, track } from './track'

/** What a fans' page is about: its company, and the item or event it shows. */
export type TrackedPage = { companyId: string; page: PageKind; contentId?: string; eventId?: string }

const BEAT_MS = 10_000
const FILE_IN_URL = /\/p\/([0-9a-f-]{36})\/stream/

/**
 * Counts a fans' page: its view once it is shown, shares from any share menu on it, and what its
 * videos and audio play (a heartbeat every 10 s while playing, and one on pause, end, seek and
 * leaving). Media are found by their stream address, so the player and the photo viewer need no
 * wiring of their own.
 */
export function useFanTracking({ companyId, page, contentId, eventId }: TrackedPage) {
  useEffect(() => {
    track(companyId, { type: 'page_view', page, ...(contentId ? { contentId } : {}), ...(eventId ? { eventId } : {}) })
    if (page === 'player' && contentId) track(companyId, { type: 'item_view', contentId })
  }, [companyId, page, contentId, eventId])

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const channel = (event.target as Element | null)?.closest?.('[data-share]')?.getAttribute('data-share')
      if (channel && (SHARE_CHANNELS as readonly string[]).includes(channel)) {
        track(companyId, { type: 'share', channel: channel as ShareChannel, ...(contentId ? { contentId } : {}), ...(eventId && !contentId ? { eventId } : {}) })
      }
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [companyId, contentId, eventId])

  useEffect(() => {
    if (!contentId) return
    // Per media element: where the segment being played began, and the last position seen.
    const segments = new Map<HTMLMediaElement, { from: number; last: number; timer: ReturnType<typeof setInterval> | null }>()
    const fileOf = (media: HTMLMediaElement) => FILE_IN_URL.exec(media.currentSrc || media.src)?.[1]
    const beat = (media: HTMLMediaElement, reason: 'tick' | 'pause' | 'end' | 'seek' | 'pagehide', to = media.currentTime) => {
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
    const onMedia = (event: Event) => {
      const media = event.target
      if (!(media instanceof HTMLMediaElement) || !fileOf(media)) return
      const segment = segments.get(media) ?? { from: media.currentTime, last: media.currentTime, timer: null }
      segments.set(media, segment)
      if (event.type === 'play' || event.type === 'playing') {
        if (!segment.timer) {
          segment.from = media.currentTime
          segment.timer = setInterval(() => beat(media, 'tick'), BEAT_MS)
        }
      } else if (event.type === 'timeupdate') {
        if (!media.seeking) segment.last = media.currentTime
      } else if (event.type === 'seeking') {
        beat(media, 'seek', segment.last)
        segment.from = media.currentTime
      } else if (event.type === 'pause' || event.type === 'ended') {
        stop(media)
        beat(media, event.type === 'ended' ? 'end' : 'pause')
        if (event.type === 'ended') sendEvents()
      }
    }
    const onLeave = () => {
      for (const media of segments.keys()) if (!media.paused) beat(media, 'pagehide')
    }
    const types = ['play', 'playing', 'timeupdate', 'seeking', 'pause', 'ended']
    for (const type of types) document.addEventListener(type, onMedia, true)
    // Before track.ts sends on the same event (listeners run in the order they were added).
    addEventListener('pagehide', onLeave, { capture: true })
    return () => {
      onLeave()
      for (const media of segments.keys()) stop(media)
      for (const type of types) document.removeEventListener(type, onMedia, true)
      removeEventListener('pagehide', onLeave, { capture: true })
    }
  }, [companyId, contentId])
}

/** An item opened in the photo viewer. */
export function trackItemView(companyId: string, contentId: string, assetId: string) {
  track(companyId, { type: 'item_view', contentId, assetId })
}
