import { Play } from 'lucide-react'
import type { CSSProperties } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import { inBlocks } from '../gallery-paging'
import { gridGeometry, type GridGeometry } from '../page-geometry'
import type { GalleryLayout, PageTemplate } from '../page-template'
import type { PublicMedia } from '../server/public-pages.server'

/** `srcset` of a file's WebP renditions, for the browser to pick by screen and density. */
export function srcSetOf(media: Pick<PublicMedia, 'id' | 'sources'>) {
  return media.sources.map((source) => `/p/${media.id}/${source.name}.webp ${source.width}w`).join(', ')
}

/**
 * A gallery's photos in the company's layout (page-template.ts): justified rows, square tiles,
 * masonry columns or one large editorial column. Every tile's space is reserved before anything
 * loads (no layout shift), painted with its placeholder. Long galleries arrive page by page: each
 * page is a grid of its own (`blockSize` tiles), so a page appended below never moves a tile above it.
 */
export function MediaGrid({ media, template, onOpen, blockSize = Infinity, startIndex = 0, className }: { media: PublicMedia[]; template: PageTemplate; onOpen?: (index: number) => void; blockSize?: number; startIndex?: number; className?: string }) {
  const size = Number.isFinite(blockSize) && blockSize > 0 ? blockSize : Math.max(media.length, 1)
  const blocks = inBlocks(media, size)
  const geometry = gridGeometry(template)
  return (
    <div className={cn('media-blocks', className)} style={geometry.variables as CSSProperties} data-testid="media-grid" data-layout={template.layout}>
      {blocks.map((block) => (
        <GridBlock key={block.items[0].id} media={block.items} layout={template.layout} geometry={geometry} startIndex={startIndex + block.start} onOpen={onOpen} />
      ))}
    </div>
  )
}

function GridBlock({ media, layout, geometry, startIndex, onOpen }: { media: PublicMedia[]; layout: GalleryLayout; geometry: GridGeometry; startIndex: number; onOpen?: (index: number) => void }) {
  const { t } = useTranslation()
  return (
    <ul className="media-grid" data-layout={layout}>
      {media.map((item, blockIndex) => {
        const index = startIndex + blockIndex
        const ratio = item.width / item.height
        const smallest = item.sources[0]
        return (
          <li key={item.id} style={tileStyle(ratio)} data-testid="public-media">
            {/* Without JavaScript the tile links to the large photo; with it, the viewer opens. */}
            <a
              href={item.sources.at(-1) ? `/p/${item.id}/${item.sources.at(-1)!.name}.webp` : undefined}
              aria-label={item.altText || item.title || t(item.mediaType === 'video' ? 'public.media.video' : 'public.media.photo', { number: index + 1 })}
              onClick={(event) => {
                if (!onOpen) return
                event.preventDefault()
                onOpen(index)
              }}
            />
            {smallest ? (
              <img
                src={`/p/${item.id}/${smallest.name}.webp`}
                srcSet={srcSetOf(item)}
                sizes={geometry.sizesOf(ratio)}
                alt={item.altText ?? item.title ?? ''}
                width={item.width}
                height={item.height}
                loading="lazy"
                decoding="async"
                style={item.placeholder ? { backgroundImage: `url(${item.placeholder})` } : undefined}
              />
            ) : null}
            {item.mediaType === 'video' ? (
              <span className="pointer-events-none absolute inset-0 grid place-items-center">
                <span className="grid size-12 place-items-center rounded-full bg-black/55 text-white">
                  <Play aria-hidden className="size-5 translate-x-px" />
                </span>
              </span>
            ) : null}
          </li>
        )
      })}
      {/* The grid is shown once its last tile is in: see .grid-end in app.css. */}
      <li hidden className="grid-end" />
    </ul>
  )
}

/**
 * A tile's proportions, all its box needs: app.css turns them into its share of a justified row
 * and the height it holds before the photo loads. Markup per photo is what an uncached page's
 * render costs, so the tile's position, space and look live in the stylesheet, not on each tile.
 */
export function tileStyle(ratio: number) {
  return { '--r': Number(ratio.toFixed(4)) } as CSSProperties
}
