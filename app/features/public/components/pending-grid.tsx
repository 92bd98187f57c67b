import type { CSSProperties, Ref } from 'react'
import { cn } from '#app/lib/cn'
import { gridGeometry } from '../page-geometry'
import type { PageTemplate } from '../page-template'
import { tileStyle } from './media-grid'

/**
 * The space of a page that is on its way, tile for tile where its photos will be (the server sent
 * their sizes with the page before): when the page arrives its photos take these places, and
 * nothing the fan sees moves, however fast they scrolled.
 */
export function PendingGrid({ sizes, template, className, ref }: { sizes: Array<[number, number]>; template: PageTemplate; className?: string; ref?: Ref<HTMLDivElement> }) {
  const geometry = gridGeometry(template)
  return (
    <div ref={ref} className={cn('media-blocks', className)} style={geometry.variables as CSSProperties} data-testid="pending-media" aria-hidden>
      <ul className="media-grid" data-layout={template.layout}>
        {sizes.map(([width, height], index) => (
          <li key={index} className="motion-safe:animate-pulse" style={tileStyle(width / height)} />
        ))}
      </ul>
    </div>
  )
}
