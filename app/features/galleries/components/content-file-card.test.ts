import { describe, expect, it } from 'vitest'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { sameFile } from './content-file-card'

const read = (changes: Partial<ContentFile> = {}): ContentFile => ({
  id: '0b5e2c8e-6f1a-4d3b-9a57-1d2c3b4a5f60',
  purpose: 'gallery-media',
  mediaType: 'image',
  originalName: 'IMG_0001.jpg',
  sizeBytes: 4_200_000,
  title: null,
  description: null,
  altText: 'The crowd at the encore',
  width: 6000,
  height: 4000,
  durationMs: null,
  capturedAt: new Date('2026-07-14T21:04:00Z'),
  captureOffsetMinutes: null,
  customThumbnailAssetId: null,
  position: 0,
  processingStatus: 'ready',
  processingError: null,
  moderation: 'approved',
  ...changes,
})

describe("an editor card's file, read again after a save", () => {
  it('is the same when every field shows the same, capture time compared by its instant', () => {
    expect(sameFile(read(), read())).toBe(true)
  })

  it('is another when anything the card shows or saves from changed', () => {
    expect(sameFile(read(), read({ processingStatus: 'failed', processingError: 'unreadable' }))).toBe(false)
    expect(sameFile(read(), read({ altText: 'Confetti' }))).toBe(false)
    expect(sameFile(read(), read({ capturedAt: new Date('2026-07-14T21:05:00Z') }))).toBe(false)
    expect(sameFile(read(), read({ capturedAt: null }))).toBe(false)
    expect(sameFile(read(), read({ position: 3 }))).toBe(false)
    expect(sameFile(read(), read({ moderation: 'hidden' }))).toBe(false)
  })
})
