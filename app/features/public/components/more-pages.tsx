import { useEffect } from 'react'
import { GALLERY_PAGE_SIZE } from '../gallery-paging'
import type { PublicMedia } from '../server/public-pages.server'
import { useGalleryPages } from '../use-gallery-pages'
import { LoadMore } from './load-more'
import type { PageTemplate } from '../page-template'
import { MediaGrid } from './media-grid'

export type MoreState = { items: PublicMedia[]; hasMore: boolean; loadMore: () => void }

const NONE: PublicMedia[] = []

/**
 * The pages of a gallery after the first, as the fan scrolls: a grid of its own per page below
 * the first, and "Load more photos" at the end. Loaded only for galleries longer than a page;
 * tells the gallery what it has shown, so the viewer can move across every loaded photo.
 */
export default function MorePages({ next, template, pageUrl, afterHref, startIndex, onOpen, onChange }: { next: string; template: PageTemplate; pageUrl: string; afterHref: (next: string) => string; startIndex: number; onOpen: (index: number) => void; onChange: (state: MoreState) => void }) {
  const pages = useGalleryPages(NONE, next, pageUrl)
  const { items, loadMore } = pages
  const hasMore = Boolean(pages.next)
  useEffect(() => onChange({ items, hasMore, loadMore }), [items, hasMore, loadMore, onChange])
  return (
    <>
      {items.length > 0 ? <MediaGrid media={items} template={template} startIndex={startIndex} onOpen={onOpen} blockSize={GALLERY_PAGE_SIZE} className="mt-[var(--gap-now)]" /> : null}
      {pages.next ? <LoadMore href={afterHref(pages.next)} loading={pages.loading} failed={pages.failed} onLoad={pages.loadMore} /> : null}
    </>
  )
}
