import { Check, Clock, EyeOff, Film, GripVertical, MoreHorizontal, Star } from 'lucide-react'
import { memo, type HTMLAttributes } from 'react'
import { useSortableItem } from '#app/components/ui/sortable'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { ContentFileThumbnail, formatDuration } from './content-file-thumbnail'
import { RetryProcessingButton } from './file-details-dialog'

type ContentFileCardProps = {
  file: ContentFile
  canEdit: boolean
  /** Whether fans see this file as the cover (chosen, or the automatic first photo). */
  isCover: boolean
  selected: boolean
  /** The grid's actions, the same functions on every render (see ContentFilesGrid). */
  onToggle: (id: string) => void
  onOpen: (id: string) => void
}

/**
 * One file of the item in the sortable grid: a small square picture, as in Pixieset's or Google
 * Photos' album editors, so a phone shows three or four a row. Its tick selects it for the bulk
 * bar, its grip moves it, its "…" button opens its details (text, cover, place, removal). The
 * grid's drawn list changes with every batch of tiles it shows, and every sortable item follows
 * it; only this shell does: the body (below) draws again only when its own file or state changes.
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
      className={cn('relative min-w-0', sortable.isDragging ? 'z-20 opacity-80' : '')}
      data-testid="media-card"
      data-asset-id={file.id}
      data-visibility={file.moderation}
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

const cornerButton =
  'grid size-8 place-items-center rounded-md bg-black/55 text-white shadow hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none'

/** A small mark over the picture: the cover, hidden from fans, waiting in the live tray. */
function Mark({ icon: Icon, label, testId }: { icon: typeof Star; label: string; testId: string }) {
  return (
    <span
      className="grid size-6 place-items-center rounded-md bg-black/70 text-white"
      title={label}
      data-testid={testId}
    >
      <Icon aria-hidden className="size-3.5" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** A file's picture with its tick, grip, marks and details button; its name under it from tablets up. */
const ContentFileCardBody = memo(function ContentFileCardBody({
  file,
  canEdit,
  isCover,
  selected,
  onToggle,
  onOpen,
  handle,
  surface,
}: CardBodyProps) {
  const { t } = useTranslation()
  const hidden = file.moderation === 'hidden'
  return (
    <>
      <div
        className={cn(
          'relative aspect-square overflow-hidden rounded-lg bg-surface-muted',
          selected ? 'ring-[3px] ring-accent ring-offset-2 ring-offset-surface' : 'ring-1 ring-line',
        )}
      >
        {/* The picture is the drag handle for a mouse or finger; the grip button is its keyboard handle. */}
        <div
          className={cn(
            'size-full',
            canEdit ? 'cursor-grab touch-none active:cursor-grabbing' : '',
            hidden ? 'opacity-45 grayscale' : '',
          )}
          {...surface}
          onDragStart={(event) => event.preventDefault()}
          data-testid="drag-surface"
        >
          {/* The video's length is a mark below, beside the others: the corner is the details button's. */}
          <ContentFileThumbnail file={file} duration={false} />
        </div>
        {canEdit ? (
          <>
            <label className="absolute top-0 left-0 grid size-10 cursor-pointer place-items-center">
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
              className={cn(cornerButton, 'absolute top-1 right-1 cursor-grab touch-none')}
              data-testid="drag-handle"
            >
              <GripVertical aria-hidden className="size-4" />
            </button>
          </>
        ) : null}
        <div className="pointer-events-none absolute bottom-1 left-1 flex gap-1">
          {file.mediaType === 'video' ? (
            <Mark
              icon={Film}
              label={
                file.durationMs
                  ? `${t('content.media.types.video')} ${formatDuration(file.durationMs)}`
                  : t('content.media.types.video')
              }
              testId="video-badge"
            />
          ) : null}
          {isCover ? <Mark icon={Star} label={t('covers.title')} testId="cover-badge" /> : null}
          {hidden ? <Mark icon={EyeOff} label={t('studio.editor.bulk.hiddenMark')} testId="hidden-badge" /> : null}
          {file.moderation === 'pending' ? (
            <Mark icon={Clock} label={t('studio.editor.bulk.pendingMark')} testId="pending-badge" />
          ) : null}
        </div>
        <button
          type="button"
          className={cn(cornerButton, 'absolute right-1 bottom-1')}
          onClick={() => onOpen(file.id)}
          aria-label={t('studio.editor.details', { name: file.originalName })}
          aria-haspopup="dialog"
          data-testid="file-details-button"
        >
          <MoreHorizontal aria-hidden className="size-4" />
        </button>
      </div>
      <p className="mt-1 truncate px-0.5 text-xs text-ink-muted max-sm:sr-only" title={file.originalName}>
        {file.originalName}
      </p>
      {/* A failed file's way out, one tap away (a few files at most hold this request). */}
      {file.processingStatus === 'failed' && canEdit ? (
        <RetryProcessingButton file={file} className="mt-0.5 px-0.5 text-xs" />
      ) : null}
    </>
  )
}, sameProps)
