import { ArrowDown, ArrowUp, Check, GripVertical, Star, Trash2 } from 'lucide-react'
import { memo, useCallback, useState, type HTMLAttributes } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { useSortableItem } from '#app/components/ui/sortable'
import { TextField } from '#app/components/ui/field'
import { UploadPanel } from '#app/features/media/components/upload-panel'
import { formatBytes } from '#app/lib/format-bytes'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { ContentFileThumbnail } from './content-file-thumbnail'

type ContentFileCardProps = {
  file: ContentFile
  index: number
  count: number
  canEdit: boolean
  /** Whether fans see this file as the cover (chosen, or the automatic first photo). */
  isCover: boolean
  selected: boolean
  /** The grid's actions, the same functions on every render (see ContentFilesGrid). */
  onMove: (from: number, to: number) => void
  onToggle: (id: string) => void
  onSetCover: (id: string) => void
  onRemove: (file: ContentFile) => void
}

/**
 * One file of the item in the sortable grid. The grid's drawn list changes with every batch of
 * tiles it shows, and every sortable item follows it; only this shell does: the card's body
 * (below) draws again only when its own file, place or state changes. A gallery of thousands
 * then shows its next tiles without drawing all the earlier ones again.
 */
export const ContentFileCard = memo(function ContentFileCard({
  file,
  canEdit,
  selected,
  ...body
}: ContentFileCardProps) {
  const sortable = useSortableItem(file.id, !canEdit)
  return (
    <li
      {...sortable.item}
      className={cn(
        'relative overflow-hidden rounded-xl border bg-surface',
        selected ? 'border-accent ring-2 ring-accent' : 'border-line',
        sortable.isDragging ? 'z-20 opacity-80 shadow-xl' : '',
      )}
      data-testid="media-card"
      data-asset-id={file.id}
    >
      <ContentFileCardBody
        file={file}
        canEdit={canEdit}
        selected={selected}
        handle={sortable.handle}
        surface={sortable.surface}
        {...body}
      />
    </li>
  )
}, sameProps)

type CardBodyProps = ContentFileCardProps & {
  handle: HTMLAttributes<HTMLElement> & { ref: (element: HTMLElement | null) => void }
  surface: HTMLAttributes<HTMLElement>
}

/** Two reads of one file that show the same: the page's data comes anew after every save. */
export function sameFile(before: ContentFile, after: ContentFile) {
  if (before === after) return true
  return (Object.keys(after) as (keyof ContentFile)[]).every((key) => {
    const [was, is] = [before[key], after[key]]
    return was instanceof Date && is instanceof Date ? was.getTime() === is.getTime() : Object.is(was, is)
  })
}

/** The same file, shown the same way, with the same handles. */
function sameProps<Props extends { file: ContentFile }>(before: Props, after: Props) {
  return (Object.keys(after) as (keyof Props)[]).every((key) =>
    key === 'file' ? sameFile(before.file, after.file) : Object.is(before[key], after[key]),
  )
}

/** A file's picture, size, text fields, retry after a failure, reordering, cover and removal. */
const ContentFileCardBody = memo(function ContentFileCardBody({
  file,
  index,
  count,
  canEdit,
  isCover,
  selected,
  onMove,
  onToggle,
  onSetCover,
  onRemove,
  handle,
  surface,
}: CardBodyProps) {
  const { t, i18n } = useTranslation()
  // The text fields are drawn once the admin first opens them, then kept (typed words and all):
  // three fields on each of a large gallery's tiles were a large share of its page. Opened before the
  // page's code ran, they are drawn as it starts.
  const [textOpen, setTextOpen] = useState(false)
  const syncTextOpen = useCallback((details: HTMLDetailsElement | null) => {
    if (details?.open) setTextOpen(true)
  }, [])
  return (
    <>
      <div className="relative aspect-[4/3] bg-surface-muted">
        {/* The picture is the drag handle for a mouse or finger; the grip button is its keyboard handle. */}
        <div
          className={cn('size-full', canEdit ? 'cursor-grab touch-none active:cursor-grabbing' : '')}
          {...surface}
          onDragStart={(event) => event.preventDefault()}
          data-testid="drag-surface"
        >
          <ContentFileThumbnail file={file} />
        </div>
        {canEdit ? (
          <>
            <label className="absolute top-1 left-1 grid size-10 cursor-pointer place-items-center">
              <input
                type="checkbox"
                checked={selected}
                onChange={() => onToggle(file.id)}
                aria-label={t('studio.editor.select', { name: file.originalName })}
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden
                className="grid size-6 place-items-center rounded-md border-2 border-white bg-black/35 text-white shadow peer-checked:border-accent peer-checked:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-white"
              >
                {selected ? <Check className="size-4" /> : null}
              </span>
            </label>
            <button
              type="button"
              {...handle}
              aria-label={t('studio.editor.drag', { name: file.originalName })}
              className="absolute top-2 right-2 grid size-8 cursor-grab touch-none place-items-center rounded-md bg-black/50 text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
              data-testid="drag-handle"
            >
              <GripVertical aria-hidden className="size-4" />
            </button>
          </>
        ) : null}
        {isCover ? (
          <span
            className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white"
            data-testid="cover-badge"
          >
            <Star aria-hidden className="size-3.5 fill-current" />
            {t('covers.title')}
          </span>
        ) : null}
      </div>
      <div className="space-y-2 p-2.5 sm:space-y-3 sm:p-3">
        <div>
          <p className="truncate text-sm font-medium" title={file.originalName}>
            {file.originalName}
          </p>
          <p className="text-xs text-ink-muted">
            {[
              file.width && file.height ? `${file.width} × ${file.height}` : null,
              formatBytes(file.sizeBytes, i18n.language),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {file.processingStatus === 'failed' && canEdit ? <RetryProcessing file={file} /> : null}
        <details
          className="text-sm"
          ref={syncTextOpen}
          onToggle={(event) => event.currentTarget.open && setTextOpen(true)}
        >
          <summary className="cursor-pointer text-xs font-medium text-accent sm:text-sm">
            {t('content.media.editText')}
          </summary>
          {textOpen ? <FileTextForm file={file} canEdit={canEdit} /> : null}
        </details>
        {canEdit && !isCover && (file.mediaType === 'image' || file.mediaType === 'video') ? (
          <button
            type="button"
            className="inline-flex items-center gap-1 text-xs font-medium text-accent hover:underline sm:text-sm"
            onClick={() => onSetCover(file.id)}
          >
            <Star aria-hidden className="size-3.5" />
            {t('studio.editor.setCover')}
            <span className="sr-only">: {file.originalName}</span>
          </button>
        ) : null}
        {canEdit ? (
          <div className="flex items-center justify-between">
            <div className="flex gap-1">
              <button
                type="button"
                className="rounded p-1.5 hover:bg-surface-muted disabled:opacity-40"
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
                aria-label={t('content.media.moveUp', { name: file.originalName })}
              >
                <ArrowUp className="size-4" />
              </button>
              <button
                type="button"
                className="rounded p-1.5 hover:bg-surface-muted disabled:opacity-40"
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
                aria-label={t('content.media.moveDown', { name: file.originalName })}
              >
                <ArrowDown className="size-4" />
              </button>
            </div>
            <Button
              variant="danger-ghost"
              size="sm"
              className="px-2 sm:px-3"
              onClick={() => onRemove(file)}
              aria-label={t('content.media.removeTitle', { name: file.originalName })}
            >
              <Trash2 aria-hidden className="size-4" />
              <span className="hidden sm:inline">{t('content.media.remove')}</span>
            </Button>
          </div>
        ) : null}
      </div>
    </>
  )
}, sameProps)

/*
 * The parts that save something hold their own request, and are drawn only where they are
 * needed (a failed file, opened text fields): a request a card holds follows every change of the
 * page's navigation state, thousands of times over on a large gallery.
 */

/** Processing failed: the reason, and a way to try again. */
function RetryProcessing({ file }: { file: ContentFile }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <div className="rounded-md bg-danger/10 p-2 text-xs text-danger">
      <p className="line-clamp-2" title={file.processingError ?? ''}>
        {t('content.media.failedDetail')}
      </p>
      <button
        type="button"
        className="mt-1 font-semibold underline"
        onClick={() => void fetcher.submit({ intent: 'retry-processing', assetId: file.id }, { method: 'post' })}
      >
        {t('content.media.retry')}
      </button>
    </div>
  )
}

/** A file's title, alternative text and description; a video's or document's own thumbnail. */
function FileTextForm({ file, canEdit }: { file: ContentFile; canEdit: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <>
      <fetcher.Form method="post" className="mt-3 space-y-3">
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
        <div className="mt-3 space-y-1.5">
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
    </>
  )
}
