import { Play } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import type { PublicMedia } from '../server/public-pages.server'

/** `srcset` of a file's WebP renditions, for the browser to pick by screen and density. */
export function srcSetOf(media: Pick<PublicMedia, 'id' | 'sources'>) {
  return media.sources.map((source) => `/p/${media.id}/${source.name}.webp ${source.width}w`).join(', ')
}

/**
 * A justified grid: every row fills the width, each tile keeps its photo's proportions, and
 * the space is reserved before anything loads (no layout shift), painted with its placeholder.
 * Long galleries arrive page by page: each page is a grid of its own (`blockSize` tiles), so a
 * page appended below never moves a tile above it.
 */
export function JustifiedGrid({ media, onOpen, blockSize = Infinity, startIndex = 0, className }: { media: PublicMedia[]; onOpen?: (index: number) => void; blockSize?: number; startIndex?: number; className?: string }) {
  const size = Number.isFinite(blockSize) && blockSize > 0 ? blockSize : Math.max(media.length, 1)
  const blocks: { start: number; media: PublicMedia[] }[] = []
  for (let start = 0; start < media.length; start += size) blocks.push({ start, media: media.slice(start, start + size) })
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {blocks.map((block) => (
        <GridBlock key={block.media[0].id} media={block.media} startIndex={startIndex + block.start} onOpen={onOpen} />
      ))}
    </div>
  )
}

function GridBlock({ media, startIndex, onOpen }: { media: PublicMedia[]; startIndex: number; onOpen?: (index: number) => void }) {
  const { t } = useTranslation()
  // Row height: ~130 px on phones, ~240 px from tablets up (docs/product.md).
  const rowHeight = 240
  return (
    <ul className="flex flex-wrap gap-1 [--row:130px] after:block after:grow-[10] sm:[--row:240px]">
      {media.map((item, blockIndex) => {
        const index = startIndex + blockIndex
        const ratio = item.width / item.height
        const smallest = item.sources[0]
        return (
          <li key={item.id} className="relative overflow-hidden bg-surface-muted" style={{ flexGrow: ratio * 100, flexBasis: `calc(var(--row) * ${(ratio * 0.9).toFixed(4)})` }} data-testid="public-media">
            <div style={{ paddingBottom: `${(100 / ratio).toFixed(4)}%` }} />
            {/* Without JavaScript the tile links to the large photo; with it, the viewer opens. */}
            <a
              href={item.sources.at(-1) ? `/p/${item.id}/${item.sources.at(-1)!.name}.webp` : undefined}
              className="absolute inset-0 z-[1]"
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
                sizes={`(max-width: 640px) ${Math.round(Math.min(100, ratio * 40))}vw, ${Math.round(rowHeight * ratio)}px`}
                alt={item.altText ?? item.title ?? ''}
                width={item.width}
                height={item.height}
                loading="lazy"
                decoding="async"
                className="absolute inset-0 size-full object-cover"
                style={item.placeholder ? { backgroundImage: `url(${item.placeholder})`, backgroundSize: 'cover' } : undefined}
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
    </ul>
  )
}
