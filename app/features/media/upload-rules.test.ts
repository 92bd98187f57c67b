import { describe, expect, it } from 'vitest'
import en from '#app/locales/en.json'
import {
  checkDeclaredUpload,
  checkDetectedType,
  checkImagePixels,
  GB,
  isUploadRetried,
  MB,
  megapixelsOf,
  type RuleResult,
} from './upload-rules'

const english = (key: string) => key.split('.').reduce<any>((node, part) => node?.[part], en)
const message = (result: RuleResult) => (result.ok ? 'ok' : english(result.messageKey))

describe('the declared-upload check (before any byte is accepted)', () => {
  it('refuses executables and scripts for every purpose', () => {
    for (const name of ['setup.exe', 'run.BAT', 'x.cmd', 'screen.scr', 'a.pif', 'app.js', 'lib.jar']) {
      expect(message(checkDeclaredUpload('content-file', name, 10)), name).toBe(
        'File type not allowed for security reasons',
      )
    }
  })

  it('takes any other content file up to 10 GB', () => {
    expect(checkDeclaredUpload('content-file', 'setlist.docx', 10 * GB)).toEqual({ ok: true, mediaType: 'other' })
    expect(message(checkDeclaredUpload('content-file', 'film.mov', 10 * GB + 1))).toBe('File must be smaller than 10GB')
  })

  it('takes gallery photos up to 100 MB and videos up to 500 MB, nothing else', () => {
    expect(checkDeclaredUpload('gallery-media', 'IMG_0001.JPG', 100 * MB)).toEqual({ ok: true, mediaType: 'image' })
    expect(message(checkDeclaredUpload('gallery-media', 'IMG_0001.JPG', 100 * MB + 1))).toBe(
      'Image must be smaller than 100MB',
    )
    expect(checkDeclaredUpload('gallery-media', 'encore.mp4', 500 * MB)).toEqual({ ok: true, mediaType: 'video' })
    expect(message(checkDeclaredUpload('gallery-media', 'encore.mp4', 500 * MB + 1))).toBe(
      'Video must be smaller than 500MB',
    )
    expect(message(checkDeclaredUpload('gallery-media', 'notes.pdf', 10))).toBe(
      'Only photos and videos can be added to a gallery',
    )
  })

  it('takes only images as covers, up to 100 MB', () => {
    expect(message(checkDeclaredUpload('cover', 'cover.mp4', 10))).toBe('Only image files are accepted')
    expect(message(checkDeclaredUpload('cover', 'cover.png', 101 * MB))).toBe('Image must be smaller than 100MB')
    expect(checkDeclaredUpload('cover', 'cover.webp', 20 * MB).ok).toBe(true)
  })

  it('keeps logos to images of at most 10 MB (the generic upload limit), thumbnails to JPG/PNG/WebP', () => {
    expect(message(checkDeclaredUpload('logo', 'logo.svg', 10))).toBe('Only image files are accepted')
    expect(message(checkDeclaredUpload('logo', 'logo.pdf', 10))).toBe('Only image files are accepted')
    expect(message(checkDeclaredUpload('logo', 'logo.png', 10 * MB + 1))).toBe('File size must be less than 10MB')
    expect(checkDeclaredUpload('logo', 'logo.gif', 10 * MB).ok).toBe(true)
    expect(message(checkDeclaredUpload('thumbnail', 'thumb.gif', 10))).toBe('Thumbnails must be JPG, PNG or WebP')
  })

  it('refuses empty files', () => {
    expect(message(checkDeclaredUpload('content-file', 'empty.txt', 0))).toBe('The file is empty')
  })
})

describe('the content check (on the complete file)', () => {
  it('accepts a file whose bytes agree with its name', () => {
    expect(checkDetectedType('a.jpg', 'image/jpeg')).toEqual({ ok: true, mediaType: 'image' })
    expect(checkDetectedType('notes.txt', undefined)).toEqual({ ok: true, mediaType: 'other' })
  })

  it('refuses a renamed file and a disguised executable', () => {
    expect(message(checkDetectedType('photo.jpg', 'video/mp4'))).toBe("The file's content does not match its name")
    expect(message(checkDetectedType('photo.jpg', undefined))).toBe("The file's content does not match its name")
    expect(message(checkDetectedType('readme.txt', 'image/png'))).toBe("The file's content does not match its name")
    expect(message(checkDetectedType('invoice.pdf', 'application/x-msdownload'))).toBe(
      'File type not allowed for security reasons',
    )
  })
})

describe('the pixel check (on the complete photo header)', () => {
  it('takes every camera photo, a 150-megapixel medium format one included', () => {
    expect(checkImagePixels(6000, 4000)).toEqual({ ok: true })
    expect(checkImagePixels(14_204, 10_652)).toEqual({ ok: true })
  })

  it('refuses more than 160 megapixels, saying how many it has', () => {
    expect(checkImagePixels(14_000, 14_000)).toEqual({
      ok: false,
      messageKey: 'uploads.errors.tooManyPixels',
      values: { megapixels: 196, limit: 160 },
    })
    expect(checkImagePixels(160_001, 1000).ok).toBe(false)
    expect(checkImagePixels(160_000, 1000).ok).toBe(true)
  })

  it('says megapixels as people do', () => {
    expect(megapixelsOf(2_400_000)).toBe(2.4)
    expect(megapixelsOf(24_210_000)).toBe(24)
  })
})

describe('which failed upload requests are tried again', () => {
  it('tries the network and server failures again, and stops at refusals and a full storage', () => {
    expect([0, 500, 502, 503, 423].map(isUploadRetried)).toEqual([true, true, true, true, true])
    // A full storage (507) does not empty in the seconds the retries take: the photographer is told at once.
    expect([400, 401, 402, 404, 413, 422, 507].map(isUploadRetried)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
