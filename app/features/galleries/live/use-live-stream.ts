import { useEffect, useRef, useState } from 'react'
import type { LivePhoto } from './live.schema'

/**
 * Follows a gallery's live stream from place `cursor`: server-sent events, resumed by the browser
 * with `Last-Event-ID` after a drop; where streams are blocked (a proxy, an old TV browser), the
 * same photos are asked for every `pollMs` instead. Each photo reaches `onPhoto` once.
 */
export function useLiveStream(url: string, cursor: number, pollMs: number, onPhoto: (photo: LivePhoto) => void) {
  const [ended, setEnded] = useState(false)
  const handler = useRef(onPhoto)
  handler.current = onPhoto
  useEffect(() => {
    let last = cursor
    const seen = new Set<string>()
    let poller: ReturnType<typeof setInterval> | undefined
    let source: EventSource | undefined
    const take = (photo: LivePhoto) => {
      if (photo.seq > last) last = photo.seq
      if (seen.has(photo.media.id)) return
      seen.add(photo.media.id)
      // Bounded: a wall runs for hours.
      if (seen.size > 2000) seen.delete(seen.values().next().value!)
      handler.current(photo)
    }
    const poll = async () => {
      try {
        const answer = await fetch(`${url}?poll=1&after=${last}`, { headers: { Accept: 'application/json' } })
        if (!answer.ok) return
        const { photos } = (await answer.json()) as { photos: LivePhoto[] }
        for (const photo of photos) take(photo)
      } catch {
        // Offline for a moment: the next round asks again.
      }
    }
    const startPolling = () => {
      source?.close()
      if (!poller) poller = setInterval(() => void poll(), pollMs)
    }
    if (typeof EventSource === 'undefined') {
      startPolling()
    } else {
      source = new EventSource(`${url}?after=${cursor}`)
      source.addEventListener('photo', (event) => {
        const message = event as MessageEvent<string>
        take({ seq: Number(message.lastEventId), media: JSON.parse(message.data) as LivePhoto['media'] })
      })
      source.addEventListener('ended', () => {
        setEnded(true)
        source?.close()
      })
      // A stream the browser gave up on (refused by something in between), or one cut again and
      // again before it ever opened (a buffering proxy): ask instead.
      let failures = 0
      source.onopen = () => {
        failures = 0
      }
      source.onerror = () => {
        failures++
        if (source?.readyState === EventSource.CLOSED || failures >= 3) startPolling()
      }
    }
    return () => {
      source?.close()
      clearInterval(poller)
    }
  }, [url, cursor, pollMs])
  return { ended }
}
