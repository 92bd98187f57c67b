import { matchPath } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loosePattern } from './resource-methods'

describe('loosePattern', () => {
  // Route paths of the kinds the app has, each with paths React Router matches to it and paths it does not.
  const cases: [string, string[], string[]][] = [
    [
      '/api/uploads/:id',
      ['/api/uploads/abc', '/api/uploads/abc/', '/API/Uploads/x'],
      ['/api/uploads', '/api/uploads/a/b'],
    ],
    [
      '/:clientSlug/galeria/:gallerySlug/zip',
      ['/demo/galeria/night/zip'],
      ['/demo/galeria/night', '/demo/galeria/night/zip/more'],
    ],
    ['/:lang?/cookies', ['/cookies', '/pt/cookies'], ['/a/b/cookies']],
    ['/files/*', ['/files', '/files/a', '/files/a/b.jpg'], ['/filesx']],
    ['/', ['/'], ['/x']],
  ]
  it.each(cases)(
    'matches whatever React Router matches to %s, and not what only other routes take',
    (path, matching, other) => {
      const pattern = loosePattern(path)
      for (const url of matching) {
        // React Router's own verdict first: the loose look must never say no where it says yes.
        expect(
          matchPath({ path, end: true }, url) ?? matchPath({ path: path.toLowerCase(), end: true }, url.toLowerCase()),
          url,
        ).not.toBeNull()
        expect(pattern.test(url), url).toBe(true)
      }
      for (const url of other) expect(pattern.test(url), url).toBe(false)
    },
  )
})
