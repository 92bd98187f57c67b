import { createContext, useContext, type HTMLAttributes, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn'

/*
 * The admin's data table: a semantic <table> in a bordered card that scrolls sideways when its
 * columns do not fit (phones), so no column is ever cut off. Give the table a `min-w-[…]` for
 * the width below which it should scroll rather than squeeze. The container is a labelled,
 * focusable region, so keyboard users can scroll it too.
 *
 * Cell padding comes from the table's density (one place, no conflicting classes):
 * comfortable for lists, compact for long logs, dense for many columns on wide screens.
 */

const DENSITY = {
  comfortable: { head: 'px-4 py-3', cell: 'px-4 py-3' },
  compact: { head: 'px-4 py-3', cell: 'px-4 py-2.5' },
  dense: { head: 'px-3 py-3', cell: 'px-3 py-3' },
} as const

/** A narrow column around a single icon button. */
const FIT = { head: 'px-2 py-3', cell: 'px-2 py-2' }

type Density = keyof typeof DENSITY

const DensityContext = createContext<Density>('comfortable')

export type TableProps = HTMLAttributes<HTMLTableElement> & {
  /** What the table lists, for screen readers (names the scrollable region). */
  label: string
  density?: Density
  /** Classes of the scrolling card around the table (e.g. `hidden xl:block`). */
  containerClassName?: string
}

export function Table({ label, density = 'comfortable', containerClassName, className, ...props }: TableProps) {
  return (
    <DensityContext.Provider value={density}>
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={cn(
          'max-w-full overflow-x-auto overscroll-x-contain rounded-xl border border-line bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
          containerClassName,
        )}
      >
        <table className={cn('w-full text-left text-sm', className)} {...props} />
      </div>
    </DensityContext.Provider>
  )
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-line text-xs text-ink-muted uppercase', className)} {...props} />
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-line', className)} {...props} />
}

export function TableRow(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />
}

type CellOptions = {
  /** A narrow column around one icon button, instead of the table's padding. */
  fit?: boolean
  /** Numbers: right-aligned, digits of equal width. */
  numeric?: boolean
}

export function TableHead({
  fit,
  numeric,
  className,
  scope = 'col',
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & CellOptions) {
  const density = useContext(DensityContext)
  return (
    <th
      scope={scope}
      className={cn(fit ? FIT.head : DENSITY[density].head, 'font-medium', numeric && 'text-right', className)}
      {...props}
    />
  )
}

export function TableCell({ fit, numeric, className, ...props }: TdHTMLAttributes<HTMLTableCellElement> & CellOptions) {
  const density = useContext(DensityContext)
  return (
    <td
      className={cn(fit ? FIT.cell : DENSITY[density].cell, numeric && 'text-right tabular-nums', className)}
      {...props}
    />
  )
}
