import { describe, expect, it } from 'vitest'
import { isMalformedAddress } from './malformed-addresses'

describe('isMalformedAddress', () => {
  it('refuses NUL and other control characters, encoded or not, in the path or the query', () => {
    for (const url of [
      '/%00',
      '/demo%00',
      '/demo/galeria/x%00',
      '/admin/content?q=%00',
      '/x?y=%1F',
      '/a%7F',
      '/a\u0000b',
      '/%E0%A4%A',
      '/x?q=%ZZ',
    ])
      expect(isMalformedAddress(url), url).toBe(true)
  })
  it('refuses tabs and line breaks in a path, which no slug or id has, but not in a query', () => {
    for (const url of ['/api/v1/leads/a%0D%0AX-Injected%3A%201', '/demo/galeria/a%0Ab', '/x%09', '/x%0A?q=a'])
      expect(isMalformedAddress(url), url).toBe(true)
    for (const url of ['/admin/leads?q=a%0Ab', '/x?note=line%0D%0Anext&t=%09'])
      expect(isMalformedAddress(url), url).toBe(false)
  })
  it('lets real addresses through, accents, spaces and plus signs included', () => {
    for (const url of [
      '/',
      '/demo',
      '/demo/galeria/noite-de-s%C3%A3o-jo%C3%A3o',
      '/admin/leads?q=Jo%C3%A3o+Silva',
      '/admin/content?q=a%20b&status=draft',
      '/p/abc/w640.avif',
      '/x?tab=%09'.replace('%09', 'y'),
    ])
      expect(isMalformedAddress(url), url).toBe(false)
  })
})
