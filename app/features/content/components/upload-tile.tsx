import { Loader2, Pause } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { ProgressBar } from '#app/features/media/components/upload-panel'
import { targetKey, useUploads, type UploadItem } from '#app/features/media/components/uploads-provider'
import { formatBytes } from '#app/lib/format-bytes'
import { useTranslation } from '#app/lib/react-i18n'
import type { ContentFile } from '../server/get-content-for-edit.server'

/**
 * The gallery's uploads not yet among its files, in the order they were chosen: those still
 * sending, then those the server has but the page has not shown yet.
 */
export function useUploadTiles(contentItemId: string, files: ContentFile[]) {
  const { items } = useUploads()
  const key = targetKey({ purpose: 'gallery-media', contentItemId })
  return useMemo(() => {
    const listed = new Set(files.map((file) => file.id))
    return items.filter((item) => targetKey(item) === key && item.status !== 'error' && !(item.createdAssetId && listed.has(item.createdAssetId)))
  }, [items, files, key])
}

/** A local preview of a photo being sent, dropped when the tile goes. */
function usePreview(file: File) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file.type.startsWith('image/')) return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}

/** A file on its way: its picture at once, its own progress, then "processing" until it is listed. */
export function UploadTile({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation()
  const preview = usePreview(item.file)
  const state = item.status === 'done' ? 'processing' : item.status
  const fraction = item.bytesTotal ? item.bytesSent / item.bytesTotal : 0
  return (
    <li className="overflow-hidden rounded-xl border border-dashed border-line bg-surface" data-testid="upload-tile" data-state={state} data-name={item.file.name}>
      <div className="relative aspect-[4/3] bg-surface-muted">
        {preview ? <img src={preview} alt="" className="size-full object-cover opacity-60" /> : null}
        <div className="absolute inset-0 grid place-items-center">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white tabular-nums">
            {state === 'processing' ? <Loader2 aria-hidden className="size-3.5 animate-spin" /> : state === 'paused' ? <Pause aria-hidden className="size-3.5" /> : null}
            {state === 'processing' ? t('content.media.processing') : state === 'queued' ? t('studio.editor.waiting') : state === 'paused' ? t('studio.editor.paused') : `${Math.round(fraction * 100)} %`}
          </span>
        </div>
      </div>
      <div className="space-y-2 p-2.5 sm:p-3">
        <p className="truncate text-sm font-medium" title={item.file.name}>
          {item.file.name}
        </p>
        {state === 'processing' ? (
          <p className="text-xs text-ink-muted">{formatBytes(item.bytesTotal, i18n.language)}</p>
        ) : (
          <ProgressBar value={fraction} label={item.file.name} />
        )}
      </div>
    </li>
  )
}
