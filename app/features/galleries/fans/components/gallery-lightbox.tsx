import { Keyboard, ZoomIn, ZoomOut } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import Lightbox, { useLightboxState, type ZoomRef } from 'yet-another-react-lightbox'
import Captions from 'yet-another-react-lightbox/plugins/captions'
import Counter from 'yet-another-react-lightbox/plugins/counter'
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails'
import Video from 'yet-another-react-lightbox/plugins/video'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'
import 'yet-another-react-lightbox/plugins/captions.css'
import 'yet-another-react-lightbox/plugins/counter.css'
import 'yet-another-react-lightbox/plugins/thumbnails.css'
import './gallery-lightbox.css'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { DownloadButton } from '#app/features/galleries/downloads/components/download-button'
import { fileDownloadPath } from '#app/features/galleries/downloads/downloads'
import type { PublicMedia } from '#app/features/galleries/fans/server/gallery-page.server'
import { LikeButton } from '#app/features/analytics/components/like-button'
import { useDarkToasts } from '#app/lib/toast'
import { useTranslation } from '#app/lib/react-i18n'

/** The viewer's download button, when the gallery offers downloads. */
export type ViewerDownload = { leadRequired: boolean; companyName: string; privacyHref: string }

/** Downloads the photo or video on screen (the toolbar re-renders as the fan swipes). */
function DownloadCurrent({
  media,
  download,
  label,
}: {
  media: PublicMedia[]
  download: ViewerDownload
  label: string
}) {
  const { currentIndex } = useLightboxState()
  const item = media[currentIndex]
  if (!item) return null
  return (
    <DownloadButton
      appearance="icon"
      className="yarl__button"
      href={fileDownloadPath(item.id)}
      label={label}
      {...download}
    />
  )
}

/** The viewer's words in the fan's language (yet-another-react-lightbox names its own in English). */
function useViewerLabels(): Record<string, string> {
  const { t } = useTranslation()
  return {
    Previous: t('public.lightbox.previous'),
    Next: t('public.lightbox.next'),
    Close: t('public.lightbox.close'),
    'Zoom in': t('public.lightbox.zoomIn'),
    'Zoom out': t('public.lightbox.zoomOut'),
    Lightbox: t('public.lightbox.label'),
    Carousel: t('public.lightbox.label'),
    Slide: t('public.lightbox.slide'),
    Shortcuts: t('public.lightbox.shortcuts'),
    shortcutsMove: t('public.lightbox.shortcutsMove'),
    shortcutsZoom: t('public.lightbox.shortcutsZoom'),
    shortcutsClose: t('public.lightbox.shortcutsClose'),
  }
}

/** The heart of the photo or video on screen (its own state per photo). */
function LikeCurrent({ media, like }: { media: PublicMedia[]; like: { companyId: string; contentId: string } }) {
  const { currentIndex } = useLightboxState()
  const item = media[currentIndex]
  if (!item) return null
  return (
    <LikeButton
      key={item.id}
      appearance="icon"
      companyId={like.companyId}
      contentId={like.contentId}
      assetId={item.id}
    />
  )
}

/** Zoom is for photos: on a video the buttons would only sit there disabled. */
function ZoomButtons({ media, zoom, labels }: { media: PublicMedia[]; zoom: ZoomRef; labels: Record<string, string> }) {
  const { currentIndex } = useLightboxState()
  if (media[currentIndex]?.mediaType === 'video') return null
  return (
    <>
      <button
        type="button"
        className="yarl__button"
        aria-label={labels['Zoom in']}
        title={labels['Zoom in']}
        disabled={zoom.disabled || zoom.zoom >= zoom.maxZoom}
        onClick={() => zoom.zoomIn()}
        data-testid="viewer-zoom-in"
      >
        <ZoomIn aria-hidden className="yarl__icon" />
      </button>
      <button
        type="button"
        className="yarl__button"
        aria-label={labels['Zoom out']}
        title={labels['Zoom out']}
        disabled={zoom.disabled || zoom.zoom <= zoom.minZoom}
        onClick={() => zoom.zoomOut()}
      >
        <ZoomOut aria-hidden className="yarl__icon" />
      </button>
    </>
  )
}

/** The viewer's keys, listed behind one button (they work whether or not the list is open). */
function ShortcutsButton({ labels }: { labels: Record<string, string> }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const keys: Array<[string, string]> = [
    ['← →', labels.shortcutsMove],
    ['+ −', labels.shortcutsZoom],
    ['Esc', labels.shortcutsClose],
  ]
  return (
    <span className="relative">
      <button
        type="button"
        className="yarl__button"
        aria-label={labels.Shortcuts}
        title={labels.Shortcuts}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="viewer-shortcuts"
      >
        <Keyboard aria-hidden className="yarl__icon" />
      </button>
      {open ? (
        <dl
          id={panelId}
          className="absolute top-full right-0 z-10 grid w-max grid-cols-[auto_auto] gap-x-4 gap-y-1.5 rounded-lg bg-black/85 p-3 text-left text-sm text-white shadow-lg"
          data-testid="viewer-shortcuts-list"
        >
          {keys.map(([key, what]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-white/30 px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </span>
  )
}

/** A strip of thumbnails where there is room for it: wide screens with a pointer. */
function useWideScreen() {
  const [wide, setWide] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(min-width: 1024px)')
    const update = () => setWide(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return wide
}

/** The gallery's link that opens the viewer on one photo (the gallery page reads `foto`). */
function photoLink(galleryUrl: string, mediaId: string) {
  const link = new URL(galleryUrl)
  link.searchParams.set('foto', mediaId)
  return link.toString()
}

/**
 * The black, swipeable viewer: keyboard arrows and Escape, pinch and double-tap zoom, videos
 * played inside. Loaded only when a fan first opens a photo.
 */
export default function GalleryLightbox({
  media,
  index,
  onClose,
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
  /** The gallery's link: share shares the photo on screen, a link that opens the viewer on it. */
  share?: { url: string; title: string }
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
  const { t } = useTranslation()
  const labels = useViewerLabels()
  const wide = useWideScreen()
  // Kept here so the viewer stays on its photo when more photos arrive behind it.
  const [current, setCurrent] = useState(index)
  const shownId = media[current]?.id
  useEffect(() => {
    if (shownId) onView?.(shownId)
    // Once per photo landed on, not again when the page hands a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownId])
  // Each photo's smallest size, the one its grid tile showed: drawn at once while the viewer's size loads.
  const placeholders = new Map<string, string>()
  const slides = media.map((item) => {
    const largest = item.sources.at(-1)
    const smallest = item.sources[0]
    if (item.mediaType === 'video') {
      return {
        type: 'video' as const,
        width: item.width,
        height: item.height,
        poster: largest ? `/p/${item.id}/${largest.name}.webp` : undefined,
        sources: [{ src: `/p/${item.id}/stream`, type: item.mimeType }],
        description: item.title ?? undefined,
      }
    }
    const src = largest ? `/p/${item.id}/${largest.name}.webp` : ''
    if (smallest && smallest !== largest) placeholders.set(src, `/p/${item.id}/${smallest.name}.webp`)
    return {
      src,
      alt: item.altText ?? item.title ?? '',
      width: item.width,
      height: item.height,
      // The caption is the photo's title; its alt text stays for those who cannot see it.
      description: item.title ?? undefined,
      srcSet: item.sources.map((source) => ({
        src: `/p/${item.id}/${source.name}.webp`,
        width: source.width,
        height: Math.round((source.width * item.height) / item.width),
      })),
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
      plugins={wide ? [Zoom, Video, Counter, Captions, Thumbnails] : [Zoom, Video, Counter, Captions]}
      counter={{
        container: { 'aria-live': 'polite', 'data-testid': 'viewer-counter' } as React.HTMLAttributes<HTMLDivElement>,
      }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 2 }}
      thumbnails={{ width: 96, height: 64, border: 0, padding: 0, gap: 8, imageFit: 'cover', vignette: true }}
      // Zoom by pinch and double tap on a phone: its top bar keeps the counter clear.
      render={{
        buttonZoom: (zoom) => (wide ? <ZoomButtons media={media} zoom={zoom} labels={labels} /> : null),
        // No black screen while the viewer's size loads: the grid's photo, already here, sharpens.
        iconLoading: () => null,
        slideContainer: ({ slide, children }) => {
          const placeholder = 'src' in slide ? placeholders.get(slide.src) : undefined
          return placeholder ? (
            <>
              <span aria-hidden className="gallery-viewer-placeholder">
                <img
                  src={placeholder}
                  alt=""
                  draggable={false}
                  style={
                    slide.width && slide.height
                      ? { maxWidth: `min(${slide.width}px, 100%)`, maxHeight: `min(${slide.height}px, 100%)` }
                      : undefined
                  }
                />
              </span>
              {children}
            </>
          ) : (
            children
          )
        },
      }}
      styles={{ slide: { isolation: 'isolate' } }}
      labels={labels}
      // No wrapping round to the first photo while the gallery's end is not loaded yet.
      carousel={{ finite: hasMore, preload: 2 }}
      controller={{ closeOnBackdropClick: true }}
      video={{ controls: true, playsInline: true }}
      // Download and share are one tap away in the viewer too; share shares the photo on screen.
      toolbar={{
        buttons: [
          ...(like ? [<LikeCurrent key="like" media={media} like={like} />] : []),
          ...(download
            ? [<DownloadCurrent key="download" media={media} download={download} label={t('downloads.action')} />]
            : []),
          ...(share
            ? [
                <ShareMenu
                  key="share"
                  appearance="icon"
                  url={shownId ? photoLink(share.url, shownId) : share.url}
                  title={share.title}
                  label={t('sharing.menu.photo')}
                />,
              ]
            : []),
          // Keyboard shortcuts are for keyboards: not on a phone's crowded top bar.
          ...(wide ? [<ShortcutsButton key="shortcuts" labels={labels} />] : []),
          'close',
        ],
      }}
    />
  )
}
