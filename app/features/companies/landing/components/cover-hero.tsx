import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import type { CoverStyle } from '#app/features/companies/page-template'

const coverSources = (assetId: string) => ({
  src: `/p/${assetId}/w2400.webp`,
  srcSet: `/p/${assetId}/w1200.webp 1200w, /p/${assetId}/w2400.webp 2400w`,
})

/**
 * The top of a gallery or event page in the template's cover style: the cover dimmed behind the
 * title (full-bleed), beside it (split) or left to the photos below (minimal). The cover is the
 * page's largest paint, so it is fetched first, in the width the screen needs.
 */
export function CoverHero({
  coverAssetId,
  coverStyle = 'full-bleed',
  homePath,
  share,
  title,
  className,
  children,
}: {
  coverAssetId: string | null
  coverStyle?: CoverStyle
  homePath: string
  share: { url: string; title: string }
  title: string
  className?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const topRow = (
    <div className="whole-row flex items-center justify-between gap-4">
      <Link to={homePath || '/'} className="inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink">
        <ArrowLeft aria-hidden className="size-4" />
        {t('public.backToHome')}
      </Link>
      <ShareMenu url={share.url} title={share.title} />
      <span hidden className="row-end" />
    </div>
  )
  const heading = <h1 className="mt-4 text-3xl font-semibold tracking-tight sm:text-5xl">{title}</h1>

  if (coverStyle === 'split' && coverAssetId) {
    return (
      <section className="mx-auto max-w-6xl px-4 pt-6 pb-8 sm:px-6 sm:pt-10 sm:pb-12" data-cover="split">
        {topRow}
        {/* The cover comes first in the HTML and is drawn second: shown whole (see .whole-row in app.css), it never moves across as the words arrive. */}
        <div className="whole-row mt-6 grid items-center gap-6 sm:grid-cols-2 sm:gap-10">
          <div className="aspect-[3/2] overflow-hidden rounded-xl bg-surface-muted sm:order-2 sm:aspect-[4/3]">
            <img
              {...coverSources(coverAssetId)}
              sizes="(max-width: 640px) 100vw, 552px"
              alt=""
              fetchPriority="high"
              className="size-full object-cover"
            />
          </div>
          <div className="min-w-0 [&>h1]:mt-0">
            {heading}
            {children}
          </div>
          <span hidden className="row-end" />
        </div>
      </section>
    )
  }

  if (coverStyle === 'minimal' || (coverStyle === 'split' && !coverAssetId)) {
    return (
      <section className="border-b border-line/60" data-cover={coverStyle}>
        <div className={cn('mx-auto max-w-6xl px-4 pt-6 pb-8 sm:px-6 sm:pt-10 sm:pb-10')}>
          {topRow}
          <div className="mt-6 sm:mt-10">
            {heading}
            {children}
          </div>
        </div>
      </section>
    )
  }

  return (
    <section className="relative" data-cover="full-bleed">
      {coverAssetId ? (
        <div className="absolute inset-0 overflow-hidden" aria-hidden>
          <img
            {...coverSources(coverAssetId)}
            sizes="100vw"
            alt=""
            fetchPriority="high"
            className="size-full object-cover opacity-50"
          />
          <div className="absolute inset-0 bg-gradient-to-t from-surface via-surface/60 to-transparent" />
        </div>
      ) : null}
      <div className={cn('relative mx-auto max-w-6xl px-4 pt-10 pb-10 sm:px-6', className)}>
        {topRow}
        {heading}
        {children}
      </div>
    </section>
  )
}
