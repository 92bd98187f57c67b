import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'

/**
 * The top of a gallery or event page: its cover dimmed behind the title (the page's largest
 * paint, so fetched first, in the width the screen needs), a way back home and the share menu.
 */
export function CoverHero({ coverAssetId, homePath, share, title, className, children }: { coverAssetId: string | null; homePath: string; share: { url: string; title: string }; title: string; className?: string; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section className="relative">
      {coverAssetId ? (
        <div className="absolute inset-0 overflow-hidden" aria-hidden>
          <img src={`/p/${coverAssetId}/w2400.webp`} srcSet={`/p/${coverAssetId}/w1200.webp 1200w, /p/${coverAssetId}/w2400.webp 2400w`} sizes="100vw" alt="" fetchPriority="high" className="size-full object-cover opacity-50" />
          <div className="absolute inset-0 bg-gradient-to-t from-surface via-surface/60 to-transparent" />
        </div>
      ) : null}
      <div className={cn('relative mx-auto max-w-6xl px-4 pt-10 pb-10 sm:px-6', className)}>
        <div className="flex items-center justify-between gap-4">
          <Link to={homePath || '/'} className="inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink">
            <ArrowLeft aria-hidden className="size-4" />
            {t('public.backToHome')}
          </Link>
          <ShareMenu url={share.url} title={share.title} />
        </div>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        {children}
      </div>
    </section>
  )
}
