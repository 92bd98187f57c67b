import Lightbox from 'yet-another-react-lightbox'
import Video from 'yet-another-react-lightbox/plugins/video'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'
import type { PublicMedia } from '../server/public-pages.server'

/**
 * The black, swipeable viewer: keyboard arrows and Escape, pinch and double-tap zoom, videos
 * played inside. Loaded only when a fan first opens a photo.
 */
export default function GalleryLightbox({ media, index, onClose, labels }: { media: PublicMedia[]; index: number; onClose: () => void; labels: Record<string, string> }) {
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
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Zoom, Video]}
      labels={labels}
      carousel={{ finite: false, preload: 2 }}
      controller={{ closeOnBackdropClick: true }}
      video={{ controls: true, playsInline: true }}
    />
  )
}
