import { File as FileIcon, FileText, Film, ImageIcon, Loader2, Music, TriangleAlert } from 'lucide-react'
import { useUploads } from '#app/features/media/components/uploads-provider'
import { useLocalPreview } from '#app/features/media/components/use-local-preview'
import { useTranslation } from '#app/lib/react-i18n'
import type { ContentFile } from '../server/get-content-for-edit.server'

/** Photos and videos get web renditions (a video's are of its poster frame). */
const isProcessed = (file: ContentFile) => file.mediaType === 'image' || file.mediaType === 'video'

export function formatDuration(ms: number) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** A file's picture in the editor: its custom thumbnail, its rendition, or an icon saying what it is and how processing goes. */
export function ContentFileThumbnail({ file, duration = true }: { file: ContentFile; duration?: boolean }) {
  const { t } = useTranslation()
  // A photo sent from this tab: the browser's own picture of it while its renditions are made.
  const { items } = useUploads()
  const processing = file.mediaType === 'image' && file.processingStatus === 'processing'
  const preview = useLocalPreview(processing ? items.find((item) => item.createdAssetId === file.id)?.file : undefined)
  if (file.customThumbnailAssetId) {
    const id = file.customThumbnailAssetId
    return (
      <img
        src={`/media/${id}/w400.webp`}
        alt={file.altText ?? ''}
        loading="lazy"
        className="size-full object-cover"
        onError={(event) => {
          const image = event.currentTarget
          if (!image.src.endsWith('/original')) image.src = `/media/${id}/original`
        }}
      />
    )
  }
  if ((file.mediaType === 'image' || file.mediaType === 'video') && file.processingStatus === 'ready') {
    return (
      <>
        <img
          src={`/media/${file.id}/w400.webp`}
          alt={file.altText ?? ''}
          loading="lazy"
          className="size-full object-cover"
          width={file.width ?? undefined}
          height={file.height ?? undefined}
        />
        {file.mediaType === 'video' && duration ? (
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            <Film aria-hidden className="size-3.5" />
            {file.durationMs ? formatDuration(file.durationMs) : t('content.media.types.video')}
          </span>
        ) : null}
      </>
    )
  }
  if (processing && preview) {
    return (
      <>
        <img src={preview} alt={file.altText ?? ''} className="size-full object-cover" data-testid="local-preview" />
        <span className="absolute inset-x-1 top-1/2 inline-flex -translate-y-1/2 items-center justify-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-center text-xs leading-tight font-medium text-white">
          <Loader2 aria-hidden className="size-3.5 shrink-0 animate-spin" />
          {t('content.media.processing')}
        </span>
      </>
    )
  }
  const Icon = { image: ImageIcon, video: Film, audio: Music, pdf: FileText }[file.mediaType] ?? FileIcon
  return (
    <div className="flex size-full flex-col items-center justify-center gap-1 bg-surface-muted text-ink-muted">
      {file.processingStatus === 'failed' ? (
        <TriangleAlert aria-hidden className="size-6 text-danger" />
      ) : isProcessed(file) ? (
        <Loader2 aria-hidden className="size-6 animate-spin" />
      ) : (
        <Icon aria-hidden className="size-6" />
      )}
      <span className="px-2 text-center text-xs">
        {file.processingStatus === 'failed'
          ? t('content.media.failed')
          : isProcessed(file)
            ? t('content.media.processing')
            : t(`content.media.types.${file.mediaType}`)}
      </span>
    </div>
  )
}
