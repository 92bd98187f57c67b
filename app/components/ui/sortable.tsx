import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  type SortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { useFetcher } from 'react-router'
import type { ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'

/*
 * Reordering by mouse, finger and keyboard (ADR 048), shared by every sortable list of the admin:
 * the order shown, saved in one request per move, and the drag area with translated
 * screen-reader instructions and announcements.
 */

type Fetcher = ReturnType<typeof useFetcher<ActionResult>>

/**
 * The order shown, from the saved one (`ids`), and the moves that change it. Every new order is
 * posted whole as `intent=reorder`; one travels at a time, so the server cannot end on an older
 * order than the screen shows, and one the server refused goes back to the saved order.
 */
export function useSortableOrder(ids: string[], fetcher: Fetcher) {
  const savedKey = ids.join(',')
  const [order, setOrder] = useState(ids)
  const [waiting, setWaiting] = useState<string[] | null>(null)
  // The list shown stays the same array while it holds the saved order: every sortable item
  // follows it, and would draw again for a copy.
  const toSaved = useCallback(
    (shown: string[]) => (shown.join(',') === savedKey ? shown : savedKey ? savedKey.split(',') : []),
    [savedKey],
  )
  useEffect(() => {
    if (fetcher.state === 'idle') setOrder(toSaved)
  }, [toSaved, fetcher.state])
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) setOrder(toSaved)
  }, [fetcher.data, toSaved])
  useEffect(() => {
    if (!waiting || fetcher.state !== 'idle') return
    setWaiting(null)
    void fetcher.submit({ intent: 'reorder', order: waiting.join(',') }, { method: 'post' })
  }, [waiting, fetcher])
  function save(next: string[]) {
    if (next.length === order.length && next.every((id, index) => id === order[index])) return
    setOrder(next)
    setWaiting(next)
  }
  const move = (from: number, to: number) =>
    to < 0 || to >= order.length || from === to ? undefined : save(arrayMove(order, from, to))
  return { order, save, move }
}

type SortableAreaProps = {
  /** The items drawn, in order: the whole list, or its first part when the rest is not drawn yet. */
  order: string[]
  /** How many items the whole list holds, when `order` is its first part. */
  total?: number
  onMove: (from: number, to: number) => void
  /** What the screen reader calls an item (a file name, a title). */
  nameOf: (id: string) => string
  /** How to move an item with the keyboard, in the page's words. */
  instructions: string
  strategy?: SortingStrategy
  disabled?: boolean
  children: ReactNode
}

/** The drag area around a list or grid of `useSortableItem`s, in `order`. */
export function SortableArea({
  order,
  total = order.length,
  onMove,
  nameOf,
  instructions,
  strategy = rectSortingStrategy,
  disabled,
  children,
}: SortableAreaProps) {
  const { t } = useTranslation()
  // 6 px before a pointer drag starts, so clicks, links and checkboxes on an item still work.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const name = (id: string | number) => nameOf(String(id))
  const positionOf = (id: string | number) => order.indexOf(String(id)) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('studio.editor.dnd.picked', { name: name(active.id), position: positionOf(active.id), count: total }),
    onDragOver: ({ active, over }) =>
      over
        ? t('studio.editor.dnd.over', { name: name(active.id), position: positionOf(over.id), count: total })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('studio.editor.dnd.dropped', { name: name(active.id), position: positionOf(over.id), count: total })
        : undefined,
    onDragCancel: ({ active }) => t('studio.editor.dnd.cancelled', { name: name(active.id) }),
  }
  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onMove(order.indexOf(String(active.id)), order.indexOf(String(over.id)))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={order} strategy={strategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

/**
 * One item of a `SortableArea`: `item` goes on its element, `handle` on its grip button (the
 * keyboard's handle, and a pointer's), `surface` on any part a pointer may drag it by.
 */
export function useSortableItem(id: string, disabled = false) {
  const sortable = useSortable({ id, disabled })
  const { setActivatorNodeRef, attributes, listeners } = sortable
  // The same objects while the item's handles stay the same, so a memoised item body is not drawn again.
  const handle = useMemo(
    () => ({ ref: setActivatorNodeRef, ...attributes, ...listeners }),
    [setActivatorNodeRef, attributes, listeners],
  )
  const surface = useMemo(() => (disabled ? {} : { ...listeners }), [disabled, listeners])
  return {
    isDragging: sortable.isDragging,
    item: {
      ref: sortable.setNodeRef,
      style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
    },
    handle,
    surface,
  }
}
