import { Heart } from 'lucide-react'
import { useEffect, useState } from 'react'
import { storageFor } from '#app/features/consent/consent-storage'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import { track } from '../track'

/*
 * The heart on a photo, video or single item: a fan likes it, or takes the like back. The heart
 * fills at once; the like travels with the page's other events, and the rollup keeps one like per
 * visitor and item. Whether this fan liked it is kept in this browser (functional storage: the
 * tab's memory without consent), never asked of the server, so cached pages stay the same for all.
 */

type Props = {
  companyId: string
  contentId: string
  /** The photo or video in a gallery; none for a single item's own file. */
  assetId?: string
  appearance?: 'pill' | 'icon'
  className?: string
}

const keyOf = (contentId: string, assetId?: string) => `afterglow:liked:${assetId ?? contentId}`

export function LikeButton({ companyId, contentId, assetId, appearance = 'pill', className }: Props) {
  const { t } = useTranslation()
  const [liked, setLiked] = useState(false)
  // Read after hydration: the server renders every page unliked.
  useEffect(() => setLiked(storageFor('functional').getItem(keyOf(contentId, assetId)) === '1'), [contentId, assetId])

  function toggle() {
    const next = !liked
    setLiked(next)
    const storage = storageFor('functional')
    if (next) storage.setItem(keyOf(contentId, assetId), '1')
    else storage.removeItem(keyOf(contentId, assetId))
    track(companyId, { type: next ? 'like' : 'unlike', contentId, ...(assetId ? { assetId } : {}) })
  }

  const label = liked ? t('public.like.undo') : t('public.like.action')
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={appearance === 'icon' ? label : undefined}
      title={appearance === 'icon' ? label : undefined}
      data-testid="like-button"
      onClick={toggle}
      className={cn(
        appearance === 'pill'
          ? 'inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface/60 px-4 text-sm font-medium text-ink backdrop-blur transition-colors hover:bg-surface-muted'
          : 'yarl__button',
        className,
      )}
    >
      <Heart
        aria-hidden
        className={cn(appearance === 'pill' ? 'size-4' : 'yarl__icon', liked && 'fill-current text-[#e11d48]')}
      />
      {appearance === 'pill' ? (liked ? t('public.like.liked') : t('public.like.action')) : null}
    </button>
  )
}
