import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LivePhoto } from '../live.schema'

// The hub's one read per notification, answered from a list instead of the database.
const published: Array<LivePhoto & { galleryId: string }> = []
const reads: Array<{ galleryId: string; after: number }> = []
vi.mock('./find-live-photos.server', () => ({
  findLivePhotosAfter: vi.fn(async (galleryId: string, after: number) => {
    reads.push({ galleryId, after })
    return published.filter((photo) => photo.galleryId === galleryId && photo.seq > after).sort((a, b) => a.seq - b.seq)
  }),
}))

const { onLiveNotification, openLiveStreams, subscribeToGallery } = await import('./live-hub.server')

const decoder = new TextDecoder()
const photo = (galleryId: string, seq: number): LivePhoto & { galleryId: string } => ({
  galleryId,
  seq,
  media: {
    id: `photo-${seq}`,
    mediaType: 'image',
    mimeType: 'image/jpeg',
    title: null,
    altText: null,
    width: 4,
    height: 3,
    placeholder: null,
    sources: [],
  },
})

function listener(sent = 0) {
  const received: string[] = []
  return {
    received,
    subscriber: {
      sent,
      deliver: (_seq: number, chunk: Uint8Array) => (received.push(decoder.decode(chunk)), true),
      write: (chunk: Uint8Array) => (received.push(decoder.decode(chunk)), true),
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the live hub: one read per photo, written to every stream of its gallery', () => {
  beforeEach(() => {
    published.length = 0
    reads.length = 0
  })
  afterEach(() => vi.useRealTimers())

  it('reads a published photo once however many streams hold the gallery, and sends it only there', async () => {
    const streams = Array.from({ length: 50 }, () => listener())
    const leaves = streams.map(({ subscriber }) => subscribeToGallery('g1', subscriber))
    const other = listener()
    const leaveOther = subscribeToGallery('g2', other.subscriber)
    published.push(photo('g1', 7))
    onLiveNotification('g1:7')
    await settle()
    await settle()
    expect(reads).toEqual([{ galleryId: 'g1', after: 0 }])
    for (const { received } of streams)
      expect(received).toEqual([`id: 7\nevent: photo\ndata: ${JSON.stringify(photo('g1', 7).media)}\n\n`])
    expect(other.received).toEqual([])
    // A late duplicate notification reads nothing again.
    onLiveNotification('g1:7')
    await settle()
    expect(reads).toHaveLength(1)
    for (const leave of [...leaves, leaveOther]) leave()
    expect(openLiveStreams()).toBe(0)
  })

  it('catches up from the last place sent when a notification was missed', async () => {
    const { received, subscriber } = listener(2)
    const leave = subscribeToGallery('g3', subscriber)
    published.push(photo('g3', 3), photo('g3', 4), photo('g3', 5))
    onLiveNotification('g3:5')
    await settle()
    await settle()
    expect(received.map((text) => /^id: (\d+)/.exec(text)?.[1])).toEqual(['3', '4', '5'])
    leave()
  })

  it('sends a photo to the streams waiting for it even when a stream that already has it joins before its notification', async () => {
    const waiting = listener(0)
    const leaveWaiting = subscribeToGallery('g7', waiting.subscriber)
    // Published, and read by a fan's page that then opens its stream, before the notification came.
    published.push(photo('g7', 1))
    const leaveLate = subscribeToGallery('g7', listener(1).subscriber)
    onLiveNotification('g7:1')
    await settle()
    await settle()
    expect(waiting.received.map((text) => /^id: (\d+)/.exec(text)?.[1])).toEqual(['1'])
    leaveWaiting()
    leaveLate()
  })

  it('pings every open stream every 15 s, from one timer for the whole process', async () => {
    vi.useFakeTimers()
    const a = listener()
    const b = listener()
    const leaves = [subscribeToGallery('g4', a.subscriber), subscribeToGallery('g5', b.subscriber)]
    vi.advanceTimersByTime(14_999)
    expect(a.received).toEqual([])
    vi.advanceTimersByTime(1)
    expect(a.received).toEqual([': ping\n\n'])
    expect(b.received).toEqual([': ping\n\n'])
    for (const leave of leaves) leave()
    vi.advanceTimersByTime(30_000)
    expect(a.received).toHaveLength(1)
  })

  it('tells every stream of a gallery that the show ended', () => {
    const { received, subscriber } = listener()
    const leave = subscribeToGallery('g6', subscriber)
    onLiveNotification('g6:end')
    expect(received).toEqual(['event: ended\ndata: {}\n\n'])
    leave()
  })
})
