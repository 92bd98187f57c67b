import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import type { ContentFile } from '../server/get-content-for-edit.server'
import { ContentFileCard } from './content-file-card'

/** The item's files in their order, dragged (or moved with the arrow buttons) into a new one. */
export function ContentFilesGrid({ files, canEdit }: { files: ContentFile[]; canEdit: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const [order, setOrder] = useState(files.map((file) => file.id))
  const dragged = useRef<number | null>(null)
  useOutcomeToast(fetcher.data)
  useEffect(() => setOrder(files.map((file) => file.id)), [files])
  // A new order the server did not take (offline, a failure) goes back to the saved one, so the
  // page shows what fans see; the toast says why.
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) setOrder(files.map((file) => file.id))
  }, [fetcher.data, files])
  const byId = new Map(files.map((file) => [file.id, file]))
  const ordered = order.map((id) => byId.get(id)).filter((file): file is ContentFile => Boolean(file))

  function move(from: number, to: number) {
    if (to < 0 || to >= order.length || from === to) return
    const next = [...order]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved)
    setOrder(next)
    void fetcher.submit({ intent: 'reorder', order: next.join(',') }, { method: 'post' })
  }

  if (files.length === 0) return <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">{t('content.media.empty')}</p>
  return (
    <ol className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4" aria-label={t('content.media.title')}>
      {ordered.map((file, index) => (
        <ContentFileCard
          key={file.id}
          file={file}
          index={index}
          count={ordered.length}
          canEdit={canEdit}
          onMove={move}
          dragProps={
            canEdit
              ? {
                  draggable: true,
                  onDragStart: () => (dragged.current = index),
                  onDragOver: (event: DragEvent) => event.preventDefault(),
                  onDrop: (event: DragEvent) => {
                    event.preventDefault()
                    if (dragged.current !== null) move(dragged.current, index)
                    dragged.current = null
                  },
                }
              : {}
          }
        />
      ))}
    </ol>
  )
}
