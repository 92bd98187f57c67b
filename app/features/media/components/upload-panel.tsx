import { CheckCircle2, CircleAlert, Pause, Play, RotateCcw, UploadCloud, X } from 'lucide-react'
import { useRef, useState, type DragEvent } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import { formatBytes } from '#app/lib/format-bytes'
import { targetKey, useUploads, type UploadItem, type UploadTarget } from './uploads-provider'
import { UploadFailure } from './upload-failure'

function formatDuration(seconds: number) {
  if (!Number.isFinite(seconds) || seconds <= 0) return ''
  const minutes = Math.floor(seconds / 60)
  const rest = Math.round(seconds % 60)
  return minutes > 0 ? `${minutes} min ${rest.toString().padStart(2, '0')} s` : `${rest} s`
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1.5 w-full overflow-hidden rounded-full bg-surface-muted"
    >
      <div className="h-full rounded-full bg-accent transition-[width] duration-200" style={{ width: `${percent}%` }} />
    </div>
  )
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation()
  const uploads = useUploads()
  const fraction = item.bytesTotal ? item.bytesSent / item.bytesTotal : 0
  const remaining = item.speed > 0 ? (item.bytesTotal - item.bytesSent) / item.speed : Infinity
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3"
      data-testid="upload-row"
      data-status={item.status}
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium" title={item.file.name}>
          {item.file.name}
        </p>
        <p className={cn('text-xs', item.status === 'error' ? 'text-danger' : 'text-ink-muted')} aria-live="polite">
          {item.status === 'error' ? (
            <UploadFailure error={item.error} upgradeUrl={item.upgradeUrl} />
          ) : item.status === 'done' ? (
            t('uploads.ui.done', { size: formatBytes(item.bytesTotal, i18n.language) })
          ) : item.status === 'paused' ? (
            t('uploads.ui.paused', {
              sent: formatBytes(item.bytesSent, i18n.language),
              total: formatBytes(item.bytesTotal, i18n.language),
            })
          ) : item.status === 'queued' ? (
            t('uploads.ui.queued', { size: formatBytes(item.bytesTotal, i18n.language) })
          ) : (
            t('uploads.ui.progress', {
              sent: formatBytes(item.bytesSent, i18n.language),
              total: formatBytes(item.bytesTotal, i18n.language),
              speed: item.speed > 0 ? `${formatBytes(item.speed, i18n.language)}/s` : '…',
              left: formatDuration(remaining) || '…',
            })
          )}
        </p>
      </div>
      <div className="flex items-center gap-1">
        {item.status === 'done' ? (
          <CheckCircle2 aria-label={t('uploads.ui.doneLabel')} className="size-5 text-emerald-600" />
        ) : null}
        {item.status === 'error' ? <CircleAlert aria-hidden className="size-5 text-danger" /> : null}
        {item.status === 'uploading' ? (
          <button
            type="button"
            className="rounded p-1.5 hover:bg-surface-muted"
            onClick={() => uploads.pause(item.id)}
            aria-label={t('uploads.ui.pause', { name: item.file.name })}
          >
            <Pause className="size-4" />
          </button>
        ) : null}
        {item.status === 'paused' ? (
          <button
            type="button"
            className="rounded p-1.5 hover:bg-surface-muted"
            onClick={() => uploads.resume(item.id)}
            aria-label={t('uploads.ui.resume', { name: item.file.name })}
          >
            <Play className="size-4" />
          </button>
        ) : null}
        {item.status === 'error' && item.bytesTotal > 0 ? (
          <button
            type="button"
            className="rounded p-1.5 hover:bg-surface-muted"
            onClick={() => uploads.retry(item.id)}
            aria-label={t('uploads.ui.retry', { name: item.file.name })}
          >
            <RotateCcw className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          className="rounded p-1.5 text-ink-muted hover:bg-surface-muted"
          onClick={() => uploads.dismiss(item.id)}
          aria-label={t('uploads.ui.dismiss', { name: item.file.name })}
        >
          <X className="size-4" />
        </button>
      </div>
      {item.status !== 'error' && item.status !== 'done' ? (
        <div className="col-span-2">
          <ProgressBar value={fraction} label={item.file.name} />
        </div>
      ) : null}
    </li>
  )
}

/**
 * A large drop zone with a row per file: progress, speed, time left, pause/resume/retry. Without
 * `list`, the page shows each file itself (the gallery editor's upload tiles), so no second list.
 */
export function UploadPanel({
  target,
  accept,
  multiple = true,
  hint,
  compact = false,
  list = true,
}: {
  target: UploadTarget
  accept?: string
  multiple?: boolean
  hint: string
  compact?: boolean
  list?: boolean
}) {
  const { t } = useTranslation()
  const uploads = useUploads()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const key = targetKey(target)
  const mine = uploads.items.filter((item) => targetKey(item) === key)
  const active = mine.filter((item) => item.status !== 'error')
  const total = active.reduce((sum, item) => sum + item.bytesTotal, 0)
  const sent = active.reduce((sum, item) => sum + item.bytesSent, 0)
  const busy = mine.some((item) => item.status === 'uploading' || item.status === 'queued')

  function addFiles(files: FileList | null) {
    if (!files || files.length === 0) return
    uploads.add(multiple ? [...files] : [files[0]], target)
  }
  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    addFiles(event.dataTransfer.files)
  }

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 text-center transition-colors',
          // Nothing is dropped with a finger: a phone's zone is a short one around its button.
          compact ? 'py-5' : 'py-10 pointer-coarse:py-5',
          dragging ? 'border-accent bg-accent/5' : 'border-line bg-surface',
        )}
        data-testid="drop-zone"
      >
        {compact ? null : <UploadCloud aria-hidden className="size-8 text-accent pointer-coarse:hidden" />}
        <p className="font-medium">{t('uploads.ui.drop')}</p>
        <p className="text-sm text-ink-muted">{hint}</p>
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="mt-2 rounded-[var(--radius-ui)] border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted"
        >
          {t('uploads.ui.choose')}
        </button>
        <input
          ref={input}
          type="file"
          multiple={multiple}
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          data-testid={`file-input-${target.purpose}`}
          aria-label={t('uploads.ui.choose')}
          onChange={(event) => {
            addFiles(event.target.files)
            event.target.value = ''
          }}
        />
      </div>
      {list && mine.length > 0 ? (
        <section className="rounded-xl border border-line bg-surface" aria-label={t('uploads.ui.listLabel')}>
          <div className="space-y-2 border-b border-line px-4 py-3">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">
                {busy
                  ? t('uploads.ui.overall', {
                      done: mine.filter((i) => i.status === 'done').length,
                      count: mine.length,
                    })
                  : t('uploads.ui.allDone', { count: mine.filter((i) => i.status === 'done').length })}
              </span>
              <span className="tabular-nums text-ink-muted" data-testid="overall-percent">
                {total ? Math.round((sent / total) * 100) : 0}%
              </span>
            </div>
            <ProgressBar value={total ? sent / total : 0} label={t('uploads.ui.listLabel')} />
          </div>
          <ul className="max-h-80 divide-y divide-line overflow-y-auto">
            {mine.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
