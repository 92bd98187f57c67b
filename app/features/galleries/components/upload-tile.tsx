import { CircleAlert, Loader2, Pause, Play, RotateCcw, X } from 'lucide-react'
import { useMemo } from 'react'
import { ProgressBar } from '#app/features/media/components/upload-panel'
import { UploadFailure } from '#app/features/media/components/upload-failure'
import { targetKey, useUploads, type UploadItem } from '#app/features/media/components/uploads-provider'
import { useLocalPreview } from '#app/features/media/components/use-local-preview'
import { formatBytes } from '#app/lib/format-bytes'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import type { ContentFile } from '../server/get-content-for-edit.server'

/**
 * The gallery's uploads not yet among its files, in the order they were chosen: those still
 * sending, those refused or failed (until dismissed), then those the server has but the page has
 * not shown yet. The editor has no other upload list: these tiles are it.
 */
export function useUploadTiles(contentItemId: string, files: ContentFile[]) {
  const { items } = useUploads()
  const key = targetKey({ purpose: 'gallery-media', contentItemId })
  return useMemo(() => {
    const listed = new Set(files.map((file) => file.id))
    return items.filter((item) => targetKey(item) === key && !(item.createdAssetId && listed.has(item.createdAssetId)))
  }, [items, files, key])
}

const iconButton =
  'grid size-8 place-items-center rounded-md bg-black/55 text-white hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none'

/**
 * A file on its way, as small as the files' tiles: its picture at once, its state and progress
 * over it, its controls in a corner, then "processing" until it is listed.
 */
export function UploadTile({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation()
  const uploads = useUploads()
  const preview = useLocalPreview(item.file)
  const state = item.status === 'done' ? 'processing' : item.status
  const fraction = item.bytesTotal ? item.bytesSent / item.bytesTotal : 0
  const name = item.file.name
  return (
    <li className="min-w-0" data-testid="upload-tile" data-state={state} data-name={name}>
      <div
        className={cn(
          'relative aspect-square overflow-hidden rounded-lg border border-dashed bg-surface-muted',
          state === 'error' ? 'border-danger' : 'border-line',
        )}
      >
        {preview ? <img src={preview} alt="" className="size-full object-cover opacity-60" /> : null}
        <div className="absolute inset-0 grid place-items-center p-1">
          <span className="inline-flex max-w-full items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-center text-xs leading-tight font-medium text-white tabular-nums">
            {state === 'processing' ? (
              <Loader2 aria-hidden className="size-3.5 shrink-0 animate-spin" />
            ) : state === 'paused' ? (
              <Pause aria-hidden className="size-3.5 shrink-0" />
            ) : state === 'error' ? (
              <CircleAlert aria-hidden className="size-3.5 shrink-0" />
            ) : null}
            <span>
              {state === 'processing'
                ? t('content.media.processing')
                : state === 'queued'
                  ? t('studio.editor.waiting')
                  : state === 'paused'
                    ? t('studio.editor.paused')
                    : state === 'error'
                      ? t('studio.editor.uploadFailedLabel')
                      : `${Math.round(fraction * 100)} %`}
            </span>
          </span>
        </div>
        <div className="absolute top-1 right-1 flex gap-1">
          {state === 'uploading' ? (
            <button
              type="button"
              className={iconButton}
              onClick={() => uploads.pause(item.id)}
              aria-label={t('uploads.ui.pause', { name })}
            >
              <Pause aria-hidden className="size-4" />
            </button>
          ) : null}
          {state === 'paused' ? (
            <button
              type="button"
              className={iconButton}
              onClick={() => uploads.resume(item.id)}
              aria-label={t('uploads.ui.resume', { name })}
            >
              <Play aria-hidden className="size-4" />
            </button>
          ) : null}
          {state === 'error' && item.bytesTotal > 0 && !item.upgradeUrl ? (
            <button
              type="button"
              className={iconButton}
              onClick={() => uploads.retry(item.id)}
              aria-label={t('uploads.ui.retry', { name })}
            >
              <RotateCcw aria-hidden className="size-4" />
            </button>
          ) : null}
          {state !== 'processing' ? (
            <button
              type="button"
              className={iconButton}
              onClick={() => uploads.dismiss(item.id)}
              aria-label={
                state === 'error' ? t('uploads.ui.dismiss', { name }) : t('studio.editor.cancelUpload', { name })
              }
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </div>
        {state !== 'error' && state !== 'processing' ? (
          <div className="absolute inset-x-1.5 bottom-1.5">
            <ProgressBar value={fraction} label={name} />
          </div>
        ) : null}
      </div>
      <p className="mt-1 truncate text-xs text-ink-muted max-sm:sr-only" title={name}>
        {name}
        {state === 'processing' ? ` · ${formatBytes(item.bytesTotal, i18n.language)}` : null}
      </p>
      {state === 'error' ? (
        <p className="mt-1 line-clamp-4 text-xs text-danger" role="alert">
          <UploadFailure error={item.error} upgradeUrl={item.upgradeUrl} />
        </p>
      ) : null}
    </li>
  )
}
