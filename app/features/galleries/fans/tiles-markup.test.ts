// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { PublicMedia } from '#app/features/galleries/fans/server/gallery-page.server'
import { tilesMarkup } from './tiles-markup'

const photo = (overrides: Partial<PublicMedia> = {}): PublicMedia => ({
  id: '0a2333c9-341e-45b4-9713-a1abaff13ec4',
  mediaType: 'image',
  mimeType: 'image/jpeg',
  title: null,
  altText: null,
  width: 2400,
  height: 1600,
  placeholder: 'data:image/png;base64,iVBORw0KGgo=',
  sources: [
    { name: 'w400', width: 400 },
    { name: 'w2400', width: 2400 },
  ],
  ...overrides,
})

const options = {
  sizesOf: (ratio: number) => `(max-width: 640px) 50vw, ${Math.round(240 * ratio)}px`,
  labelOf: (_: PublicMedia, index: number) => `Photo ${index + 1}`,
}

/** The markup as a browser reads it. */
function parsed(markup: string) {
  const list = document.createElement('ul')
  list.innerHTML = markup
  return [...list.children] as HTMLLIElement[]
}

describe('tilesMarkup', () => {
  it("writes each tile as the grid's stylesheet and the viewer expect it, and ends the grid", () => {
    const tiles = parsed(
      tilesMarkup([photo(), photo({ id: 'b6f3e1c2-0000-4000-8000-000000000002', width: 1000, height: 1500 })], options),
    )
    expect(tiles).toHaveLength(3)
    const [first, second, end] = tiles
    expect(first.style.getPropertyValue('--r')).toBe('1.5')
    expect(second.style.getPropertyValue('--r')).toBe('0.6667')
    expect(first.dataset.testid).toBe('public-media')
    const link = first.querySelector('a')!
    expect(link.getAttribute('href')).toBe('/p/0a2333c9-341e-45b4-9713-a1abaff13ec4/w2400.webp')
    expect(link.getAttribute('aria-label')).toBe('Photo 1')
    const image = first.querySelector('img')!
    expect(image.getAttribute('src')).toBe('/p/0a2333c9-341e-45b4-9713-a1abaff13ec4/w400.webp')
    expect(image.getAttribute('srcset')).toBe(
      '/p/0a2333c9-341e-45b4-9713-a1abaff13ec4/w400.webp 400w, /p/0a2333c9-341e-45b4-9713-a1abaff13ec4/w2400.webp 2400w',
    )
    expect(image.getAttribute('sizes')).toBe('(max-width: 640px) 50vw, 360px')
    expect([
      image.getAttribute('width'),
      image.getAttribute('height'),
      image.getAttribute('loading'),
      image.getAttribute('decoding'),
      image.alt,
    ]).toEqual(['2400', '1600', 'lazy', 'async', ''])
    expect(image.style.backgroundImage).toContain('data:image/png;base64,iVBORw0KGgo=')
    expect(second.querySelector('a')!.getAttribute('aria-label')).toBe('Photo 2')
    expect(end.hidden && end.className === 'grid-end').toBe(true)
    expect(tilesMarkup([], options)).toBe('<li hidden class="grid-end"></li>')
  })

  it("escapes a company's texts, so a title is only ever text", () => {
    const hostile = `"><script>alert('x')</script><img src=x onerror=alert(1)> & more`
    const [tile] = parsed(tilesMarkup([photo({ altText: hostile })], { ...options, labelOf: (item) => item.altText! }))
    expect(tile.querySelectorAll('script, img[onerror]')).toHaveLength(0)
    expect(tile.querySelector('img')!.alt).toBe(hostile)
    expect(tile.querySelector('a')!.getAttribute('aria-label')).toBe(hostile)
    expect(tile.querySelectorAll('*')).toHaveLength(2)
  })

  it('marks videos, and draws a file without renditions yet as its space alone', () => {
    const [video, bare] = parsed(
      tilesMarkup([photo({ mediaType: 'video' }), photo({ sources: [], placeholder: null })], options),
    )
    expect(video.hasAttribute('data-video')).toBe(true)
    expect(bare.hasAttribute('data-video')).toBe(false)
    expect(bare.querySelector('img')).toBeNull()
    expect(bare.querySelector('a')!.hasAttribute('href')).toBe(false)
  })
})
