import { ArrowDownAZ, CalendarClock, Trash2, X } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { SortableArea, useSortableOrder } from '#app/components/ui/sortable'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { FILES_SHOWN_AT_ONCE } from '../editor-paging'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { ContentFileCard } from './content-file-card'
import { UploadTile, useUploadTiles } from './upload-tile'

/** Files by capture time (those without one last, by name), or by name as people read numbers. */
export function sortFiles(files: ContentFile[], by: 'captured' | 'name') {
  const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
  return [...files].sort((a, b) => {
    if (by === 'captured') {
      const at = a.capturedAt ? new Date(a.capturedAt).getTime() : Infinity
      const bt = b.capturedAt ? new Date(b.capturedAt).getTime() : Infinity
      if (at !== bt) return at < bt ? -1 : 1
    }
    return byName.compare(a.originalName, b.originalName)
  })
}

type Props = { contentItemId: string; files: ContentFile[]; canEdit: boolean; coverAssetId: string | null }

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
 * The gallery's files in their order: dragged with a mouse, a finger or the keyboard (the grip
 * button, Space, arrows, Space), sorted in one go, selected for removal, one made the cover. Every
 * new order is one request. Files still uploading show as tiles after them, in the order chosen.
 */
export function ContentFilesGrid({ contentItemId, files, canEdit, coverAssetId }: Props) {
  const { t } = useTranslation()
  const orderer = useFetcher<ActionResult>()
  const editor = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [confirmRemove, setConfirmRemove] = useState(false)
  // The one file asked about: kept while the question closes, so its name stays in it.
  const [removal, setRemoval] = useState<{ file: ContentFile; open: boolean } | null>(null)
  const tiles = useUploadTiles(contentItemId, files)
  useOutcomeToast(orderer.data)
  useOutcomeToast(editor.data, () => setSelected(new Set()))
  useOutcomeToast(remover.data)
  useEffect(() => {
    if (editor.data) setConfirmRemove(false)
  }, [editor.data])
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
  const askRemoval = useCallback((file: ContentFile) => setRemoval({ file, open: true }), [])
  const chosen = ordered.filter((file) => selected.has(file.id))
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
    <div className="space-y-3">
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
      {chosen.length > 0 ? (
        <div
          className="sticky top-2 z-30 flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface p-2 shadow-lg"
          role="region"
          aria-label={t('studio.library.bulk.label')}
          data-testid="file-bulk-bar"
        >
          <p className="mr-auto px-1 text-sm font-medium" aria-live="polite">
            {t('studio.library.bulk.selected', { count: chosen.length })}
          </p>
          <Button variant="danger-ghost" size="sm" onClick={() => setConfirmRemove(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('studio.editor.removeSelected', { count: chosen.length })}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            <X aria-hidden className="size-4" />
            {t('studio.library.bulk.clear')}
          </Button>
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
          className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
          aria-label={t('content.media.title')}
          data-testid="media-grid"
        >
          {shown.map((file, index) => (
            <ContentFileCard
              key={file.id}
              file={file}
              index={index}
              count={ordered.length}
              canEdit={canEdit}
              isCover={file.id === coverAssetId}
              selected={selected.has(file.id)}
              onMove={moveFile}
              onToggle={toggle}
              onSetCover={setCover}
              onRemove={askRemoval}
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
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        tone="danger"
        title={t('studio.editor.removeSelectedTitle', { count: chosen.length })}
        description={t('content.media.removeText')}
        confirmLabel={t('studio.editor.removeSelected', { count: chosen.length })}
        cancelLabel={t('common.cancel')}
        busy={editor.state !== 'idle'}
        onConfirm={() =>
          void editor.submit(
            { intent: 'remove-files', assetIds: chosen.map((file) => file.id).join(',') },
            { method: 'post' },
          )
        }
      />
      <ConfirmDialog
        open={removal?.open ?? false}
        onOpenChange={(open) => setRemoval((current) => (current ? { ...current, open } : null))}
        tone="danger"
        title={t('content.media.removeTitle', { name: removal?.file.originalName ?? '' })}
        description={t('content.media.removeText')}
        confirmLabel={t('content.media.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          if (!removal) return
          setRemoval({ ...removal, open: false })
          void remover.submit({ intent: 'remove-file', assetId: removal.file.id }, { method: 'post' })
        }}
      />
    </div>
  )
}
