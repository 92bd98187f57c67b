import { ArrowDownAZ, CalendarClock } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { SortableArea, useSortableOrder } from '#app/components/ui/sortable'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { FILES_SHOWN_AT_ONCE } from '../editor-paging'
import { sortFiles } from '../file-order'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { ContentFileCard } from './content-file-card'
import { FileBulkBar, type GalleryOption } from './file-bulk-bar'
import { FileDetailsDialog } from './file-details-dialog'
import { UploadTile, useUploadTiles } from './upload-tile'

type Props = {
  contentItemId: string
  files: ContentFile[]
  canEdit: boolean
  canPublish: boolean
  coverAssetId: string | null
  galleries: GalleryOption[]
}

/** The button that shows the next tiles, pressed by itself when it comes within a few screens. */
function ShowMoreFiles({ hidden, onShowMore }: { hidden: number; onShowMore: () => void }) {
  const { t } = useTranslation()
  const button = useRef<HTMLButtonElement>(null)
  const showMore = useRef(onShowMore)
  showMore.current = onShowMore
  useEffect(() => {
    const element = button.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && showMore.current(),
      { rootMargin: '1500px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hidden])
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 py-2">
      <Button ref={button} variant="secondary" onClick={onShowMore} data-testid="show-more-files">
        {t('studio.editor.showMore', { count: Math.min(hidden, FILES_SHOWN_AT_ONCE) })}
      </Button>
      <span className="text-sm text-ink-muted">{t('studio.editor.notShown', { hidden })}</span>
    </div>
  )
}

/**
 * The gallery's files in their order, as a dense grid of small squares (three a row on a phone,
 * eight on a laptop; sized by the room the grid has, so it fits beside a live gallery's tray too):
 * dragged with a mouse, a finger or the keyboard (the grip button, Space, arrows, Space), sorted
 * in one go, selected for the bulk bar, each one's details a tap away. Every new order is one
 * request. Files still uploading show as tiles after them, in the order chosen.
 */
export function ContentFilesGrid({ contentItemId, files, canEdit, canPublish, coverAssetId, galleries }: Props) {
  const { t } = useTranslation()
  const orderer = useFetcher<ActionResult>()
  const editor = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  // The file whose details are open.
  const [openId, setOpenId] = useState<string | null>(null)
  // The one file asked about: kept while the question closes, so its name stays in it.
  const [removal, setRemoval] = useState<{ file: ContentFile; open: boolean } | null>(null)
  const tiles = useUploadTiles(contentItemId, files)
  useOutcomeToast(orderer.data)
  useOutcomeToast(editor.data)
  useOutcomeToast(remover.data)
  const clearSelection = useCallback(() => setSelected(new Set()), [])
  const { order, save, move } = useSortableOrder(
    files.map((file) => file.id),
    orderer,
  )
  const byId = useMemo(() => new Map(files.map((file) => [file.id, file])), [files])
  const ordered = order.map((id) => byId.get(id)).filter((file): file is ContentFile => Boolean(file))
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current)
        if (!next.delete(id)) next.add(id)
        return next
      }),
    [],
  )
  // The cards are memoised (see ContentFileCard): they get the same functions on every render,
  // which call the latest move and request.
  const latest = useRef({ move, submit: editor.submit })
  useEffect(() => {
    latest.current = { move, submit: editor.submit }
  })
  const moveFile = useCallback((from: number, to: number) => latest.current.move(from, to), [])
  const setCover = useCallback(
    (assetId: string) => void latest.current.submit({ intent: 'set-cover', assetId }, { method: 'post' }),
    [],
  )
  const askRemoval = useCallback((file: ContentFile) => {
    setOpenId(null)
    setRemoval({ file, open: true })
  }, [])
  const openDetails = useCallback((id: string) => setOpenId(id), [])
  const chosen = ordered.filter((file) => selected.has(file.id))
  const opened = openId ? ordered.findIndex((file) => file.id === openId) : -1
  // The first `shownCount` files in their order; moves keep their places in the whole order (a prefix of it).
  const [shownCount, setShownCount] = useState(FILES_SHOWN_AT_ONCE)
  const shown = ordered.length > shownCount ? ordered.slice(0, shownCount) : ordered
  const hidden = ordered.length - shown.length
  // One list while neither changes: every sortable item follows it.
  const drawn = useMemo(() => (order.length > shownCount ? order.slice(0, shownCount) : order), [order, shownCount])

  if (files.length === 0 && tiles.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">
        {t('content.media.empty')}
      </p>
    )
  return (
    <div className="@container space-y-3">
      {canEdit && files.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('studio.editor.toolbar')}>
          <span className="text-sm text-ink-muted">{t('studio.editor.sortBy')}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={orderer.state !== 'idle'}
            onClick={() => save(sortFiles(ordered, 'captured').map((file) => file.id))}
          >
            <CalendarClock aria-hidden className="size-4" />
            {t('studio.editor.sortCaptured')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={orderer.state !== 'idle'}
            onClick={() => save(sortFiles(ordered, 'name').map((file) => file.id))}
          >
            <ArrowDownAZ aria-hidden className="size-4" />
            {t('studio.editor.sortName')}
          </Button>
          <label className="ml-auto inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--accent)]"
              checked={selected.size > 0 && selected.size === files.length}
              onChange={(event) =>
                setSelected(event.target.checked ? new Set(files.map((file) => file.id)) : new Set())
              }
            />
            {t('studio.library.selectAll')}
          </label>
        </div>
      ) : null}
      <SortableArea
        order={drawn}
        total={order.length}
        onMove={move}
        nameOf={(id) => byId.get(id)?.originalName ?? ''}
        instructions={t('studio.editor.dnd.instructions')}
        disabled={!canEdit}
      >
        <ol
          className="grid grid-cols-3 gap-1.5 @md:grid-cols-4 @md:gap-2 @xl:grid-cols-5 @3xl:grid-cols-6 @5xl:grid-cols-8 @5xl:gap-3"
          aria-label={t('content.media.title')}
          data-testid="media-grid"
        >
          {shown.map((file) => (
            <ContentFileCard
              key={file.id}
              file={file}
              canEdit={canEdit}
              isCover={file.id === coverAssetId}
              selected={selected.has(file.id)}
              onToggle={toggle}
              onOpen={openDetails}
            />
          ))}
          {tiles.map((tile) => (
            <UploadTile key={tile.id} item={tile} />
          ))}
        </ol>
      </SortableArea>
      {hidden > 0 ? (
        <ShowMoreFiles hidden={hidden} onShowMore={() => setShownCount((count) => count + FILES_SHOWN_AT_ONCE)} />
      ) : null}
      {chosen.length > 0 ? (
        <FileBulkBar
          ids={chosen.map((file) => file.id)}
          galleries={galleries}
          canPublish={canPublish}
          onDone={clearSelection}
        />
      ) : null}
      <FileDetailsDialog
        file={opened >= 0 ? ordered[opened] : null}
        index={opened}
        count={ordered.length}
        canEdit={canEdit}
        isCover={openId === coverAssetId}
        onClose={() => setOpenId(null)}
        onMove={moveFile}
        onSetCover={setCover}
        onRemove={askRemoval}
      />
      <ConfirmDialog
        open={removal?.open ?? false}
        onOpenChange={(open) => setRemoval((current) => (current ? { ...current, open } : null))}
        tone="danger"
        title={t('content.media.removeTitle', { name: removal?.file.originalName ?? '' })}
        description={t('content.media.removeText')}
        confirmLabel={t('content.media.remove')}
        cancelLabel={t('common.cancel')}
        // Asked from the file's details, which closed: focus goes back to the file's tile.
        returnFocusTo={() =>
          document.querySelector<HTMLElement>(
            `[data-asset-id="${removal?.file.id}"] [data-testid="file-details-button"]`,
          )
        }
        onConfirm={() => {
          if (!removal) return
          setRemoval({ ...removal, open: false })
          void remover.submit({ intent: 'remove-file', assetId: removal.file.id }, { method: 'post' })
        }}
      />
    </div>
  )
}
