import { ExternalLink, Loader2 } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import type { ImageSources, PublicContentFile } from '../server/get-public-content.server'
import { formatBytes } from '#app/lib/format-bytes'
import { FileTypeIcon, fileKindOf } from './file-type'
import { srcSetOf } from '../tiles-markup'

/** The largest rendition up to `width` (the poster never needs more than the frame it fills). */
function renditionUpTo(image: ImageSources, width: number) {
  const fitting = image.sources.filter((source) => source.width <= width)
  const chosen = fitting.at(-1) ?? image.sources[0]
  return `/p/${image.id}/${chosen.name}.webp`
}

/** Where the browser streams a published video, audio or PDF from, with byte ranges for seeking. */
export const streamUrl = (fileId: string) => `/p/${fileId}/stream`

/**
 * A published file shown for what it is: video and audio play (and seek) from the stream, a
 * photo from its renditions, a PDF in the browser's own viewer, anything else as a file card.
 * Every frame has its size before anything loads, so nothing below it moves.
 */
export function ContentViewer({
  file,
  poster,
  title,
}: {
  file: PublicContentFile | null
  poster: ImageSources | null
  title: string
}) {
  const { t, i18n } = useTranslation()
  if (!file) return <FileCard name={title} kind="other" />
  const kind = fileKindOf(file.mediaType, file.originalName)
  const ratio = file.width && file.height ? file.width / file.height : 16 / 9

  if (kind === 'video') {
    return (
      <div className="max-h-[80vh] overflow-hidden rounded-xl bg-black" style={{ aspectRatio: String(ratio) }}>
        <video
          controls
          playsInline
          preload="metadata"
          poster={poster ? renditionUpTo(poster, 1200) : undefined}
          className="size-full"
          data-testid="content-video"
          aria-label={title}
          src={streamUrl(file.id)}
        />
      </div>
    )
  }

  if (kind === 'audio') {
    return (
      <div className="rounded-xl border border-line bg-surface-muted p-4 sm:p-6">
        <div className="flex items-center gap-4">
          {poster ? (
            <img
              src={renditionUpTo(poster, 400)}
              alt=""
              width={112}
              height={112}
              className="size-20 shrink-0 rounded-lg object-cover sm:size-28"
            />
          ) : (
            <span className="grid size-20 shrink-0 place-items-center rounded-lg bg-surface text-accent sm:size-28">
              <FileTypeIcon kind="audio" className="size-8 sm:size-10" />
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate font-medium">{title}</p>
            <p className="text-sm text-ink-muted">
              {[t('public.fileTypes.audio'), formatBytes(file.sizeBytes, i18n.language)].join(' · ')}
            </p>
          </div>
        </div>
        <audio
          controls
          preload="metadata"
          className="mt-4 w-full"
          data-testid="content-audio"
          aria-label={title}
          src={streamUrl(file.id)}
        />
      </div>
    )
  }

  if (kind === 'image') {
    if (!file.sources.length) return <Preparing />
    const image = { id: file.id, sources: file.sources }
    return (
      <div className="max-h-[80vh] overflow-hidden rounded-xl bg-surface-muted" style={{ aspectRatio: String(ratio) }}>
        <img
          src={renditionUpTo(image, 1200)}
          srcSet={srcSetOf(image)}
          sizes="(max-width: 1024px) 100vw, 1024px"
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          alt={title}
          fetchPriority="high"
          className="size-full object-contain"
          style={
            file.placeholder ? { backgroundImage: `url(${file.placeholder})`, backgroundSize: 'cover' } : undefined
          }
          data-testid="content-image"
        />
      </div>
    )
  }

  if (kind === 'pdf') {
    return (
      <div className="flex flex-col gap-3">
        {/* The browser's own PDF viewer; phones that cannot embed one get the link below. */}
        <iframe
          src={streamUrl(file.id)}
          title={title}
          className="h-[70vh] min-h-[420px] w-full rounded-xl border border-line bg-white"
          data-testid="content-pdf"
        />
        <a
          href={streamUrl(file.id)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent hover:underline"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('public.player.openPdf')}
        </a>
      </div>
    )
  }

  return <FileCard name={file.originalName} kind={kind} size={file.sizeBytes} />
}

/** A file the browser cannot show: its name, its kind and its size. */
function FileCard({ name, kind, size }: { name: string; kind: ReturnType<typeof fileKindOf>; size?: number }) {
  const { t, i18n } = useTranslation()
  return (
    <div
      className="flex items-center gap-4 rounded-xl border border-line bg-surface-muted p-5"
      data-testid="content-file-card"
    >
      <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-surface text-accent">
        <FileTypeIcon kind={kind} className="size-7" />
      </span>
      <div className="min-w-0">
        <p className="truncate font-medium" title={name}>
          {name}
        </p>
        <p className="text-sm text-ink-muted">
          {[t(`public.fileTypes.${kind}`), size !== undefined ? formatBytes(size, i18n.language) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    </div>
  )
}

function Preparing() {
  const { t } = useTranslation()
  return (
    <div className="grid aspect-[3/2] place-items-center rounded-xl bg-surface-muted text-ink-muted">
      <p className="flex items-center gap-2">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {t('public.player.preparing')}
      </p>
    </div>
  )
}
