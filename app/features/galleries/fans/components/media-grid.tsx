import type { CSSProperties } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import { inBlocks } from '../gallery-paging'
import { gridGeometry, type GridGeometry } from '../page-geometry'
import type { GalleryLayout, PageTemplate } from '#app/features/companies/page-template'
import type { PublicMedia } from '#app/features/galleries/fans/server/gallery-page.server'
import { tileRatio, tilesMarkup } from '../tiles-markup'

/**
 * A gallery's photos in the company's layout (page-template.ts): justified rows, square tiles,
 * masonry columns or one large editorial column. Every tile's space is reserved before anything
 * loads (no layout shift), painted with its placeholder. Long galleries arrive page by page: each
 * page is a grid of its own (`blockSize` tiles), so a page appended below never moves a tile above it.
 */
export function MediaGrid({
  media,
  template,
  onOpen,
  blockSize = Infinity,
  startIndex = 0,
  className,
}: {
  media: PublicMedia[]
  template: PageTemplate
  onOpen?: (index: number) => void
  blockSize?: number
  startIndex?: number
  className?: string
}) {
  const size = Number.isFinite(blockSize) && blockSize > 0 ? blockSize : Math.max(media.length, 1)
  const blocks = inBlocks(media, size)
  const geometry = gridGeometry(template)
  return (
    <div
      className={cn('media-blocks', className)}
      style={geometry.variables as CSSProperties}
      data-testid="media-grid"
      data-layout={template.layout}
    >
      {blocks.map((block) => (
        <GridBlock
          key={block.items[0].id}
          media={block.items}
          layout={template.layout}
          geometry={geometry}
          startIndex={startIndex + block.start}
          onOpen={onOpen}
        />
      ))}
    </div>
  )
}

function GridBlock({
  media,
  layout,
  geometry,
  startIndex,
  onOpen,
}: {
  media: PublicMedia[]
  layout: GalleryLayout
  geometry: GridGeometry
  startIndex: number
  onOpen?: (index: number) => void
}) {
  const { t } = useTranslation()
  const tiles = tilesMarkup(media, {
    sizesOf: geometry.sizesOf,
    labelOf: (item, index) =>
      item.altText ||
      item.title ||
      t(item.mediaType === 'video' ? 'public.media.video' : 'public.media.photo', { number: startIndex + index + 1 }),
  })
  return (
    <ul
      className="media-grid"
      data-layout={layout}
      // A tile's link (a click, or Enter on it) opens the viewer at that tile instead of the large photo.
      onClick={
        onOpen &&
        ((event) => {
          const tile = (event.target as Element).closest('a')?.parentElement
          if (!tile) return
          event.preventDefault()
          onOpen(startIndex + [...event.currentTarget.children].indexOf(tile))
        })
      }
      dangerouslySetInnerHTML={{ __html: tiles }}
    />
  )
}

/**
 * A tile's proportions, all its box needs: app.css turns them into its share of a justified row
 * and the height it holds before the photo loads. Markup per photo is what an uncached page's
 * render costs, so the tile's position, space and look live in the stylesheet, not on each tile.
 */
export function tileStyle(ratio: number) {
  return { '--r': tileRatio(ratio) } as CSSProperties
}
