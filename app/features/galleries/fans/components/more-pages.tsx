import { useEffect, useMemo, useState } from 'react'
import { GALLERY_PAGE_SIZE } from '../gallery-paging'
import type { PublicMedia, UpcomingPage } from '#app/features/galleries/fans/server/gallery-page.server'
import { useGalleryPages } from '../use-gallery-pages'
import { useHydrated } from '#app/lib/use-hydrated'
import { useNearViewport } from '../use-near-viewport'
import { LoadMore } from './load-more'
import type { PageTemplate } from '#app/features/companies/page-template'
import { MediaGrid } from './media-grid'
import { PendingGrid } from './pending-grid'
import { sizesOfRuns } from '../size-runs'

export type MoreState = { items: PublicMedia[]; hasMore: boolean; loadMore: () => void }

const NONE: PublicMedia[] = []

/**
 * The pages of a gallery after the first, as the fan scrolls: a grid of its own per page below
 * the first. The page on its way holds its space tile for tile (PendingGrid) and is asked for as
 * that space nears the screen; "Load more photos" stays below it while further pages follow (and
 * is the only way on without JavaScript). Loaded only for galleries longer than a page; tells the
 * gallery what it has shown, so the viewer can move across every loaded photo.
 */
export default function MorePages({
  next,
  upcoming,
  template,
  pageUrl,
  afterHref,
  startIndex,
  onOpen,
  onChange,
}: {
  next: string
  upcoming: UpcomingPage | null
  template: PageTemplate
  pageUrl: string
  afterHref: (next: string) => string
  startIndex: number
  onOpen: (index: number) => void
  onChange: (state: MoreState) => void
}) {
  const pages = useGalleryPages(NONE, next, upcoming, pageUrl)
  const { items, loadMore } = pages
  const hasMore = Boolean(pages.next)
  useEffect(() => onChange({ items, hasMore, loadMore }), [items, hasMore, loadMore, onChange])
  // Held once the page runs in the browser (before, and after a failure, the button is the way on).
  const pending = useHydrated() && pages.next && !pages.failed ? pages.upcoming : null
  const pendingSizes = useMemo(() => (pending ? sizesOfRuns(pending.sizes) : []), [pending])
  const [pendingGrid, setPendingGrid] = useState<HTMLDivElement | null>(null)
  const near = useNearViewport(pendingGrid)
  useEffect(() => {
    if (near && !pages.loading) loadMore()
  }, [near, pages.loading, loadMore])
  return (
    <>
      {items.length > 0 ? (
        <MediaGrid
          media={items}
          template={template}
          startIndex={startIndex}
          onOpen={onOpen}
          blockSize={GALLERY_PAGE_SIZE}
          className="mt-[var(--gap-now)]"
        />
      ) : null}
      {/* A new element for each page on its way: the one before gives its place to the photos that came. */}
      {pending ? (
        <PendingGrid
          key={pages.next}
          ref={setPendingGrid}
          sizes={pendingSizes}
          template={template}
          className="mt-[var(--gap-now)]"
        />
      ) : null}
      {pages.next && (!pending || pending.more) ? (
        <LoadMore href={afterHref(pages.next)} loading={pages.loading} failed={pages.failed} onLoad={pages.loadMore} />
      ) : null}
    </>
  )
}
