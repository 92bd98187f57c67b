import { ArrowLeft, ArrowRight, Star, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { TextField } from '#app/components/ui/field'
import { UploadPanel } from '#app/features/media/components/upload-panel'
import { formatBytes } from '#app/lib/format-bytes'
import { useDateFormat } from '#app/lib/use-date-format'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { ContentFileThumbnail } from './content-file-thumbnail'

/** When the camera says it was taken, on its own clock (a camera's offset, when it gave one, puts it back on it). */
function cameraClock(file: ContentFile) {
  return new Date(new Date(file.capturedAt ?? 0).getTime() + (file.captureOffsetMinutes ?? 0) * 60_000)
}

type Props = {
  /** The file shown, or null while closed. */
  file: ContentFile | null
  index: number
  count: number
  canEdit: boolean
  isCover: boolean
  onClose: () => void
  onMove: (from: number, to: number) => void
  onSetCover: (id: string) => void
  onRemove: (file: ContentFile) => void
}

/**
 * One file's details, opened from its tile's "…" button: its picture, size and capture time, its
 * texts, a retry after a failed processing, and what the small tile has no room for (cover, move
 * one place, remove). One dialog for the whole grid: a gallery of thousands draws one form, not
 * thousands.
 */
export function FileDetailsDialog({
  file,
  index,
  count,
  canEdit,
  isCover,
  onClose,
  onMove,
  onSetCover,
  onRemove,
}: Props) {
  const { t, i18n } = useTranslation()
  const format = useDateFormat()
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={file?.originalName ?? ''}
      closeLabel={t('common.close')}
      className="max-w-lg"
      testId="file-details"
    >
      {file ? (
        <div className="mt-4 space-y-4">
          <div className="relative h-40 overflow-hidden rounded-lg bg-surface-muted sm:h-56">
            <ContentFileThumbnail file={file} />
          </div>
          <p className="text-sm text-ink-muted">
            {[
              file.width && file.height ? `${file.width} × ${file.height}` : null,
              formatBytes(file.sizeBytes, i18n.language),
              file.capturedAt
                ? t('studio.editor.bulk.capturedAt', { when: format.wallClock(cameraClock(file)) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {file.moderation !== 'approved' ? (
            <p className="rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="file-visibility">
              {file.moderation === 'hidden' ? t('studio.editor.bulk.hiddenText') : t('studio.editor.bulk.pendingText')}
            </p>
          ) : null}
          {file.processingStatus === 'failed' && canEdit ? <RetryProcessing file={file} /> : null}
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              {!isCover &&
              file.moderation === 'approved' &&
              (file.mediaType === 'image' || file.mediaType === 'video') ? (
                <Button variant="secondary" size="sm" onClick={() => onSetCover(file.id)}>
                  <Star aria-hidden className="size-4" />
                  {t('studio.editor.setCover')}
                </Button>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
                aria-label={t('content.media.moveUp', { name: file.originalName })}
              >
                <ArrowLeft aria-hidden className="size-4" />
                {t('studio.editor.bulk.earlier')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
                aria-label={t('content.media.moveDown', { name: file.originalName })}
              >
                {t('studio.editor.bulk.later')}
                <ArrowRight aria-hidden className="size-4" />
              </Button>
              <Button variant="danger-ghost" size="sm" onClick={() => onRemove(file)}>
                <Trash2 aria-hidden className="size-4" />
                {t('content.media.remove')}
              </Button>
            </div>
          ) : null}
          <FileTextForm key={file.id} file={file} canEdit={canEdit} />
        </div>
      ) : null}
    </Dialog>
  )
}

/** Processing failed: the reason, and a way to try again. */
function RetryProcessing({ file }: { file: ContentFile }) {
  const { t } = useTranslation()
  return (
    <div className="rounded-md bg-danger/10 p-2 text-sm text-danger">
      <p className="line-clamp-3" title={file.processingError ?? ''}>
        {t('content.media.failedDetail')}
      </p>
      <RetryProcessingButton file={file} className="mt-1" />
    </div>
  )
}

/** "Try again" for a file whose processing failed: on its tile and in its details. */
export function RetryProcessingButton({ file, className }: { file: ContentFile; className?: string }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <button
      type="button"
      className={cn('font-semibold text-danger underline', className)}
      disabled={fetcher.state !== 'idle'}
      onClick={() => void fetcher.submit({ intent: 'retry-processing', assetId: file.id }, { method: 'post' })}
    >
      {t('content.media.retry')}
      <span className="sr-only">: {file.originalName}</span>
    </button>
  )
}

/** A file's title, alternative text and description; a video's or document's own thumbnail. */
function FileTextForm({ file, canEdit }: { file: ContentFile; canEdit: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <div className="space-y-3 border-t border-line pt-4">
      <h3 className="text-sm font-semibold">{t('content.media.editText')}</h3>
      <fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="file-text" />
        <input type="hidden" name="assetId" value={file.id} />
        <TextField
          label={t('content.media.title')}
          name="title"
          defaultValue={file.title ?? ''}
          maxLength={200}
          disabled={!canEdit}
        />
        <TextField
          label={t('content.media.alt')}
          name="altText"
          defaultValue={file.altText ?? ''}
          maxLength={500}
          hint={t('content.media.altHint')}
          disabled={!canEdit}
        />
        <TextField
          label={t('content.media.description')}
          name="description"
          defaultValue={file.description ?? ''}
          maxLength={2000}
          disabled={!canEdit}
        />
        {canEdit ? (
          <Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
            {t('content.media.saveText')}
          </Button>
        ) : null}
      </fetcher.Form>
      {canEdit && file.mediaType !== 'image' ? (
        <div className="space-y-1.5">
          <p className="text-xs font-medium">{t('content.media.customThumbnail')}</p>
          <UploadPanel
            target={{ purpose: 'thumbnail', assetId: file.id }}
            accept=".jpg,.jpeg,.png,.webp"
            multiple={false}
            compact
            hint={t('content.media.customThumbnailHint')}
          />
        </div>
      ) : null}
    </div>
  )
}
