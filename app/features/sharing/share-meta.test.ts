import { describe, expect, it } from 'vitest'
import { ogLocale, previewText, shareMeta, type ShareCard } from './share-meta'

const card: ShareCard = {
  url: 'https://demo.afterglow.example/galeria/night-owls',
  title: 'Night Owls Live',
  description: 'Photos   from the\nshow.',
  siteName: 'Demo',
  locale: 'pt_BR',
  type: 'website',
  image: {
    url: 'https://demo.afterglow.example/og/gallery/1/4d1.jpg',
    width: 1200,
    height: 630,
    alt: 'Preview of Night Owls Live',
  },
}

const find = (meta: ReturnType<typeof shareMeta>, key: string) =>
  meta
    .filter((tag) => ('property' in tag && tag.property === key) || ('name' in tag && tag.name === key))
    .map((tag) => ('content' in tag ? tag.content : undefined))

describe('share meta', () => {
  it('gives Open Graph and Twitter Card tags with the canonical URL and the image with its size and alt', () => {
    const meta = shareMeta(card, { documentTitle: 'Night Owls Live · Demo' })
    expect(meta[0]).toEqual({ title: 'Night Owls Live · Demo' })
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: card.url })
    expect(find(meta, 'og:url')).toEqual([card.url])
    expect(find(meta, 'og:title')).toEqual(['Night Owls Live'])
    expect(find(meta, 'og:type')).toEqual(['website'])
    expect(find(meta, 'og:site_name')).toEqual(['Demo'])
    expect(find(meta, 'og:locale')).toEqual(['pt_BR'])
    expect(find(meta, 'og:locale:alternate')).toEqual(['en_US', 'es_ES', 'fr_FR'])
    expect(find(meta, 'og:image')).toEqual([card.image.url])
    expect(find(meta, 'og:image:secure_url')).toEqual([card.image.url])
    expect(find(meta, 'og:image:width')).toEqual(['1200'])
    expect(find(meta, 'og:image:height')).toEqual(['630'])
    expect(find(meta, 'og:image:alt')).toEqual(['Preview of Night Owls Live'])
    expect(find(meta, 'twitter:card')).toEqual(['summary_large_image'])
    expect(find(meta, 'twitter:image')).toEqual([card.image.url])
    // Descriptions are flattened to one line for previews.
    expect(find(meta, 'description')).toEqual(['Photos from the show.'])
    expect(find(meta, 'og:description')).toEqual(['Photos from the show.'])
  })

  it('uses the card title as the document title by default and names no secure_url over http', () => {
    const meta = shareMeta({ ...card, image: { ...card.image, url: 'http://localhost:3000/og/gallery/1/4d1.jpg' } })
    expect(meta[0]).toEqual({ title: 'Night Owls Live' })
    expect(find(meta, 'og:image:secure_url')).toEqual([])
  })

  it('cuts long descriptions at a word with an ellipsis, and maps languages to Open Graph locales', () => {
    const long = 'word '.repeat(80)
    const cut = previewText(long)
    expect(cut.length).toBeLessThanOrEqual(200)
    expect(cut.endsWith('word…')).toBe(true)
    expect(previewText('short')).toBe('short')
    expect([ogLocale('en'), ogLocale('pt'), ogLocale('es'), ogLocale('fr'), ogLocale('de')]).toEqual([
      'en_US',
      'pt_BR',
      'es_ES',
      'fr_FR',
      'en_US',
    ])
  })
})
