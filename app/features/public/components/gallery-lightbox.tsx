import { useEffect, useState } from 'react'
import Lightbox, { useLightboxState } from 'yet-another-react-lightbox'
import Video from 'yet-another-react-lightbox/plugins/video'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { DownloadButton } from '#app/features/downloads/components/download-button'
import { fileDownloadPath } from '#app/features/downloads/downloads'
import type { PublicMedia } from '../server/public-pages.server'
import { LikeButton } from '#app/features/analytics/components/like-button'
import { useDarkToasts } from '#app/lib/toast'

/** The viewer's download button, when the gallery offers downloads. */
export type ViewerDownload = { leadRequired: boolean; companyName: string; privacyHref: string; label: string }

/** Downloads the photo or video on screen (the toolbar re-renders as the fan swipes). */
function DownloadCurrent({ media, download }: { media: PublicMedia[]; download: ViewerDownload }) {
  const { currentIndex } = useLightboxState()
  const item = media[currentIndex]
  if (!item) return null
  return <DownloadButton appearance="icon" className="yarl__button" href={fileDownloadPath(item.id)} {...download} />
}

/** The heart of the photo or video on screen (its own state per photo). */
function LikeCurrent({ media, like }: { media: PublicMedia[]; like: { companyId: string; contentId: string } }) {
  const { currentIndex } = useLightboxState()
  const item = media[currentIndex]
  if (!item) return null
  return <LikeButton key={item.id} appearance="icon" companyId={like.companyId} contentId={like.contentId} assetId={item.id} />
}

/**
 * The black, swipeable viewer: keyboard arrows and Escape, pinch and double-tap zoom, videos
 * played inside. Loaded only when a fan first opens a photo.
 */
export default function GalleryLightbox({
  media,
  index,
  onClose,
  labels,
  share,
  download,
  hasMore = false,
  onNearEnd,
  onView,
  like,
}: {
  media: PublicMedia[]
  index: number
  onClose: () => void
  labels: Record<string, string>
  share?: { url: string; title: string; label: string }
  download?: ViewerDownload
  /** More of the gallery is still to come: the viewer asks for it as the fan nears the end. */
  hasMore?: boolean
  onNearEnd?: () => void
  /** Each photo or video the fan lands on, from the one opened on (counted as an item view). */
  onView?: (mediaId: string) => void
  /** The gallery's company and id: a heart likes the photo or video on screen. */
  like?: { companyId: string; contentId: string }
}) {
  useDarkToasts()
  // Kept here so the viewer stays on its photo when more photos arrive behind it.
  const [current, setCurrent] = useState(index)
  const shownId = media[current]?.id
  useEffect(() => {
    if (shownId) onView?.(shownId)
    // Once per photo landed on, not again when the page hands a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownId])
  const slides = media.map((item) => {
    const largest = item.sources.at(-1)
    if (item.mediaType === 'video') {
      return {
        type: 'video' as const,
        width: item.width,
        height: item.height,
        poster: largest ? `/p/${item.id}/${largest.name}.webp` : undefined,
        sources: [{ src: `/p/${item.id}/stream`, type: item.mimeType }],
      }
    }
    return {
      src: largest ? `/p/${item.id}/${largest.name}.webp` : '',
      alt: item.altText ?? item.title ?? '',
      width: item.width,
      height: item.height,
      srcSet: item.sources.map((source) => ({ src: `/p/${item.id}/${source.name}.webp`, width: source.width, height: Math.round((source.width * item.height) / item.width) })),
    }
  })
  return (
    <Lightbox
      open
      index={current}
      close={onClose}
      on={{
        view: ({ index: viewed }) => {
          setCurrent(viewed)
          if (hasMore && viewed >= media.length - 3) onNearEnd?.()
        },
      }}
      slides={slides}
      plugins={[Zoom, Video]}
      labels={labels}
      // No wrapping round to the first photo while the gallery's end is not loaded yet.
      carousel={{ finite: hasMore, preload: 2 }}
      controller={{ closeOnBackdropClick: true }}
      video={{ controls: true, playsInline: true }}
      // Download and share are one tap away in the viewer too; share shares the gallery the photo belongs to.
      toolbar={{ buttons: [...(like ? [<LikeCurrent key="like" media={media} like={like} />] : []), ...(download ? [<DownloadCurrent key="download" media={media} download={download} />] : []), ...(share ? [<ShareMenu key="share" appearance="icon" url={share.url} title={share.title} label={share.label} />] : []), 'close'] }}
    />
  )
}
