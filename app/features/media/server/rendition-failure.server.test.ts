import { describe, expect, it } from 'vitest'
import { StorageFullError } from '#app/lib/disk-space.server'
import { ImageTooLargeError } from './image-renditions.server'
import { renditionFailureOf, STORAGE_FULL_PROCESSING_ERROR } from './rendition-failure.server'

const enospc = () =>
  Object.assign(new Error("ENOSPC: no space left on device, open '/data/media/c/a/w400.webp.1a2b.part'"), {
    code: 'ENOSPC',
  })

describe('a failed try at a file’s renditions', () => {
  it('fails a pixel bomb for good at once, and is not tried again', () => {
    expect(renditionFailureOf(new ImageTooLargeError(400), false)).toMatchObject({ isFinal: true, tryAgain: false })
  })

  it('leaves a file waiting for room when the storage is full, even after its last try, without the raw error', () => {
    for (const [error, isLast] of [
      [enospc(), false],
      [enospc(), true],
      // Refused before any decoding: the media's disk had no room for the renditions.
      [new StorageFullError(), true],
    ] as const)
      expect(renditionFailureOf(error, isLast)).toEqual({
        message: STORAGE_FULL_PROCESSING_ERROR,
        isFinal: false,
        tryAgain: true,
      })
  })

  it('fails any other trouble for good only on the last try, with its reason', () => {
    const broken = new Error('Input buffer contains unsupported image format')
    expect(renditionFailureOf(broken, false)).toEqual({ message: broken.message, isFinal: false, tryAgain: true })
    expect(renditionFailureOf(broken, true)).toEqual({ message: broken.message, isFinal: true, tryAgain: true })
  })
})
