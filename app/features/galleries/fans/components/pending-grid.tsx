import type { CSSProperties, Ref } from 'react'
import { cn } from '#app/lib/cn'
import { GALLERY_PAGE_SIZE, inBlocks } from '../gallery-paging'
import { gridGeometry } from '../page-geometry'
import type { PageTemplate } from '#app/features/companies/page-template'
import { tileStyle } from './media-grid'

/**
 * The space of the pages on their way, tile for tile where their photos will be (the server sent
 * their sizes with the page before): as each page arrives its photos take these places, and
 * nothing the fan sees moves, however fast they scrolled. A grid per page, as MediaGrid lays them
 * out, so rows break where they will.
 */
export function PendingGrid({
  sizes,
  template,
  className,
  ref,
}: {
  sizes: Array<[number, number]>
  template: PageTemplate
  className?: string
  ref?: Ref<HTMLDivElement>
}) {
  const geometry = gridGeometry(template)
  return (
    <div
      ref={ref}
      className={cn('media-blocks', className)}
      style={geometry.variables as CSSProperties}
      data-testid="pending-media"
      aria-hidden
    >
      {inBlocks(sizes, GALLERY_PAGE_SIZE).map((page) => (
        <ul key={page.start} className="media-grid" data-layout={template.layout}>
          {page.items.map(([width, height], index) => (
            <li key={index} className="motion-safe:animate-pulse" style={tileStyle(width / height)} />
          ))}
          {/* Shown like the photos' grid once its last tile is in (see .grid-end in app.css). */}
          <li hidden className="grid-end" />
        </ul>
      ))}
    </div>
  )
}
