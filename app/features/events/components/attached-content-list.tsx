import { verticalListSortingStrategy } from '@dnd-kit/sortable'
import { GripVertical, Unlink } from 'lucide-react'
import { useMemo } from 'react'
import { Link, useFetcher } from 'react-router'
import { SortableArea, useSortableItem, useSortableOrder } from '#app/components/ui/sortable'
import { StatusBadge } from '#app/features/galleries/components/status-badge'
import { editorLinkState } from '#app/features/galleries/components/editor-content-kind'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'

type Attached = { id: string; title: string; kind: string; status: string }

function AttachedRow({
  item,
  canManage,
  onDetach,
}: {
  item: Attached
  canManage: boolean
  onDetach: (id: string) => void
}) {
  const { t } = useTranslation()
  const sortable = useSortableItem(item.id, !canManage)
  return (
    <li
      {...sortable.item}
      className={cn(
        'relative flex items-center gap-3 bg-surface px-4 py-3',
        sortable.isDragging ? 'z-20 shadow-xl' : '',
      )}
      data-testid="attached-content"
      data-id={item.id}
    >
      {canManage ? (
        <button
          type="button"
          {...sortable.handle}
          aria-label={t('events.attached.drag', { title: item.title })}
          className="-ml-2 grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-ink-muted hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none active:cursor-grabbing"
          data-testid="drag-handle"
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      ) : null}
      <Link
        to={`/admin/content/${item.id}`}
        state={editorLinkState(item.kind)}
        className="min-w-0 flex-1 truncate font-medium hover:underline"
      >
        {item.title}
      </Link>
      <span className="flex items-center gap-3">
        <span className="hidden text-sm text-ink-muted sm:inline">{t(`content.kinds.${item.kind}`)}</span>
        <StatusBadge status={item.status} />
        {canManage ? (
          <button
            type="button"
            className="rounded p-1.5 text-ink-muted hover:bg-surface-muted"
            aria-label={t('events.attached.detach', { title: item.title })}
            onClick={() => onDetach(item.id)}
          >
            <Unlink className="size-4" />
          </button>
        ) : null}
      </span>
    </li>
  )
}

/**
 * What is attached to the event, in the order fans see it on the event's page: moved by mouse,
 * finger or keyboard (the grip: Space, arrows, Space), one request per move, like the gallery
 * editor's photos (ADR 048).
 */
export function AttachedContentList({
  attached,
  canManage,
  onDetach,
}: {
  attached: Attached[]
  canManage: boolean
  onDetach: (id: string) => void
}) {
  const { t } = useTranslation()
  const orderer = useFetcher<ActionResult>()
  useOutcomeToast(orderer.data)
  const { order, move } = useSortableOrder(
    attached.map((item) => item.id),
    orderer,
  )
  const byId = useMemo(() => new Map(attached.map((item) => [item.id, item])), [attached])
  const ordered = order.map((id) => byId.get(id)).filter((item): item is Attached => Boolean(item))
  return (
    <div className="space-y-2">
      {canManage && attached.length > 1 ? (
        <p className="text-sm text-ink-muted">{t('events.attached.orderHint')}</p>
      ) : null}
      <SortableArea
        order={order}
        onMove={move}
        nameOf={(id) => byId.get(id)?.title ?? ''}
        instructions={t('events.attached.instructions')}
        strategy={verticalListSortingStrategy}
        disabled={!canManage}
      >
        <ol
          className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
          aria-labelledby="attached-heading"
        >
          {ordered.map((item) => (
            <AttachedRow key={item.id} item={item} canManage={canManage} onDetach={onDetach} />
          ))}
        </ol>
      </SortableArea>
    </div>
  )
}
