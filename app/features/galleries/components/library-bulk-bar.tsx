import { Archive, CalendarPlus, Send, Trash2, X } from 'lucide-react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'

type Props = {
  ids: string[]
  events: Array<{ id: string; title: string }>
  canPublish: boolean
  onDone: () => void
}

/**
 * The bar of a selection, Highlights' items or a gallery's files: how many are selected, a way to
 * clear it, and what can be done to them at once. It sticks to the bottom of the screen, so on a
 * phone it stays under the thumb while more are picked; every button says how many.
 */
export function BulkBar({
  count,
  label,
  onClear,
  testId,
  children,
}: {
  count: number
  label: string
  onClear: () => void
  testId: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div
      role="region"
      aria-label={label}
      className="sticky bottom-3 z-20 rounded-xl border border-line bg-surface p-3 shadow-lg"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-medium" aria-live="polite">
          {t('studio.library.bulk.selected', { count })}
        </p>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden className="size-4" />
          {t('studio.library.bulk.clear')}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}

/** What can be done to the selected items of Highlights at once. */
export function LibraryBulkBar({ ids, events, canPublish, onDone }: Props) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [eventId, setEventId] = useState('')
  const eventFieldId = useId()
  const count = ids.length
  const busy = fetcher.state !== 'idle'
  useOutcomeToast(fetcher.data, onDone)
  useEffect(() => {
    if (fetcher.data) setConfirmDelete(false)
  }, [fetcher.data])
  const post = (fields: Record<string, string>) =>
    void fetcher.submit({ ...fields, ids: ids.join(',') }, { method: 'post' })

  return (
    <BulkBar count={count} label={t('studio.library.bulk.label')} onClear={onDone} testId="bulk-bar">
      {canPublish ? (
        <>
          <Button size="sm" disabled={busy} onClick={() => post({ intent: 'bulk-status', status: 'published' })}>
            <Send aria-hidden className="size-4" />
            {t('studio.library.bulk.publish', { count })}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => post({ intent: 'bulk-status', status: 'archived' })}
          >
            <Archive aria-hidden className="size-4" />
            {t('studio.library.bulk.archive', { count })}
          </Button>
        </>
      ) : null}
      {events.length > 0 ? (
        <div className="flex items-center gap-1">
          <label htmlFor={eventFieldId} className="sr-only">
            {t('studio.library.bulk.event')}
          </label>
          <select
            id={eventFieldId}
            value={eventId}
            onChange={(event) => setEventId(event.target.value)}
            className="h-8 max-w-44 rounded-[var(--radius-ui)] border border-line bg-surface px-2 text-sm"
          >
            <option value="">{t('content.fields.noEvent')}</option>
            {events.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => post({ intent: 'bulk-event', eventId })}>
            <CalendarPlus aria-hidden className="size-4" />
            {eventId ? t('studio.library.bulk.attach', { count }) : t('studio.library.bulk.detach', { count })}
          </Button>
        </div>
      ) : null}
      {canPublish ? (
        <Button variant="danger-ghost" size="sm" disabled={busy} onClick={() => setConfirmDelete(true)}>
          <Trash2 aria-hidden className="size-4" />
          {t('studio.library.bulk.delete', { count })}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        tone="danger"
        title={t('studio.library.bulk.deleteTitle', { count })}
        description={t('studio.library.bulk.deleteText', { count })}
        confirmLabel={t('studio.library.bulk.delete', { count })}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => post({ intent: 'bulk-delete' })}
      />
    </BulkBar>
  )
}
