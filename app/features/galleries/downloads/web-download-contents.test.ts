import { describe, expect, it } from 'vitest'
import { getFixedT } from '#app/lib/i18n.server'
import type { DownloadOffer } from './downloads'
import { webDownloadContentsOf } from './web-download-contents'

const offer = (values: Partial<DownloadOffer>): DownloadOffer => ({
  requireLead: false,
  fileCount: 0,
  photos: 0,
  videos: 0,
  sizeBytes: 1000,
  quality: 'web',
  ...values,
})

describe('what a web-size download says it holds', () => {
  it('counts its photos as JPEGs and its videos, in the fan’s language', () => {
    expect(webDownloadContentsOf(offer({ fileCount: 14, photos: 12, videos: 2 }), getFixedT('en'))).toBe(
      'Web size: 12 photos as JPEG · 2 videos',
    )
    expect(webDownloadContentsOf(offer({ fileCount: 1, photos: 1 }), getFixedT('en'))).toBe('Web size: 1 photo as JPEG')
    expect(webDownloadContentsOf(offer({ fileCount: 2, photos: 1, videos: 1 }), getFixedT('pt'))).toBe(
      'Tamanho web: 1 foto em JPEG · 1 vídeo',
    )
    expect(webDownloadContentsOf(offer({ fileCount: 3, videos: 3 }), getFixedT('fr'))).toBe('Format web : 3 vidéos')
  })

  it('says nothing of originals, or of an offer there is not', () => {
    expect(webDownloadContentsOf(offer({ quality: 'original', photos: 3 }), getFixedT('en'))).toBeNull()
    expect(webDownloadContentsOf(undefined, getFixedT('en'))).toBeNull()
  })
})
