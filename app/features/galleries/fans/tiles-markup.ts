import { escapeHtml } from '#app/lib/escape-html'
import type { PublicMedia } from '#app/features/galleries/fans/server/gallery-page.server'

/** `srcset` of a file's WebP renditions, for the browser to pick by screen and density. */
export function srcSetOf(media: Pick<PublicMedia, 'id' | 'sources'>) {
  return media.sources.map((source) => `/p/${media.id}/${source.name}.webp ${source.width}w`).join(', ')
}

/** A tile's proportions as app.css reads them (`--r`): its share of a justified row and its height before the photo loads. */
export const tileRatio = (ratio: number) => Number(ratio.toFixed(4))

/**
 * A grid's tiles as HTML, what `MediaGrid` puts in each of its lists. A tile is the same three
 * elements for every photo, and a page of 50 of them was most of a fan's page for React to write
 * element by element and attribute by attribute on every uncached render; as one string the
 * server writes it at once and the browser parses it at once. The texts a company writes (titles,
 * alt texts) and the labels are escaped; the rest holds no character an attribute would need
 * escaped: ids are UUIDs, sizes the template's, and rendition names and placeholders are checked
 * where they are read (shared-sources.ts, placeholder-image.ts).
 * Without JavaScript a tile's link opens the large photo; with it, the grid's click opens the
 * viewer (see MediaGrid).
 */
export function tilesMarkup(
  media: PublicMedia[],
  options: { sizesOf: (ratio: number) => string; labelOf: (media: PublicMedia, index: number) => string },
) {
  let markup = ''
  for (const [index, item] of media.entries()) {
    const smallest = item.sources[0]
    const largest = item.sources.at(-1)
    // A video's tile is marked for app.css to draw its play mark.
    markup += `<li style="--r:${tileRatio(item.width / item.height)}" data-testid="public-media"${item.mediaType === 'video' ? ' data-video' : ''}><a${largest ? ` href="/p/${item.id}/${largest.name}.webp"` : ''} aria-label="${escapeHtml(options.labelOf(item, index))}"></a>`
    if (smallest) {
      markup += `<img src="/p/${item.id}/${smallest.name}.webp" srcset="${srcSetOf(item)}" sizes="${options.sizesOf(item.width / item.height)}" alt="${escapeHtml(item.altText ?? item.title ?? '')}" width="${item.width}" height="${item.height}" loading="lazy" decoding="async"${item.placeholder ? ` style="background-image:url(${item.placeholder})"` : ''}>`
    }
    markup += '</li>'
  }
  // The grid is shown once its last tile is in: see .grid-end in app.css.
  return `${markup}<li hidden class="grid-end"></li>`
}
