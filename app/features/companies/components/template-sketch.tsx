import { cn } from '#app/lib/cn'

/*
 * A small drawing of a template choice, so an admin sees what each option does before the
 * preview shows it with their photos. Plain boxes in the admin's colours; decorative only
 * (the option's name is its label).
 */

const box = 'rounded-[2px] bg-ink-muted/35'

/** Widths of the tiles of each row of the justified sketch (fractions of the row). */
const JUSTIFIED_ROWS = [
  [3, 2, 4],
  [2, 5, 2],
  [4, 3],
]
/** Heights (px) of the masonry sketch's tiles, column by column. */
const MASONRY_COLUMNS = [
  [18, 12, 16],
  [12, 20, 12],
  [16, 14, 14],
]

export function TemplateSketch({ field, value }: { field: 'layout' | 'cover' | 'canvas' | 'type'; value: string }) {
  return (
    <span
      aria-hidden
      className="block h-16 overflow-hidden rounded-md border border-line bg-surface p-1.5"
      data-sketch={`${field}-${value}`}
    >
      {field === 'layout' ? (
        <LayoutSketch layout={value} />
      ) : field === 'cover' ? (
        <CoverSketch cover={value} />
      ) : field === 'canvas' ? (
        <CanvasSketch canvas={value} />
      ) : (
        <TypeSketch type={value} />
      )}
    </span>
  )
}

function LayoutSketch({ layout }: { layout: string }) {
  if (layout === 'square') {
    return (
      <span className="grid h-full grid-cols-4 gap-0.5">
        {Array.from({ length: 8 }, (_, index) => (
          <span key={index} className={box} />
        ))}
      </span>
    )
  }
  if (layout === 'masonry') {
    return (
      <span className="grid h-full grid-cols-3 gap-0.5">
        {MASONRY_COLUMNS.map((column, index) => (
          <span key={index} className="flex flex-col gap-0.5">
            {column.map((height, tile) => (
              <span key={tile} className={box} style={{ height }} />
            ))}
          </span>
        ))}
      </span>
    )
  }
  if (layout === 'editorial') {
    return (
      <span className="mx-auto flex h-full w-3/5 flex-col gap-1">
        <span className={cn(box, 'h-8 shrink-0')} />
        <span className={cn(box, 'h-8 shrink-0')} />
      </span>
    )
  }
  return (
    <span className="flex h-full flex-col gap-0.5">
      {JUSTIFIED_ROWS.map((row, index) => (
        <span key={index} className="flex flex-1 gap-0.5">
          {row.map((grow, tile) => (
            <span key={tile} className={box} style={{ flexGrow: grow }} />
          ))}
        </span>
      ))}
    </span>
  )
}

function TextLines({ className }: { className?: string }) {
  return (
    <span className={cn('flex flex-col gap-1', className)}>
      <span className="h-1.5 w-4/5 rounded-full bg-ink/70" />
      <span className="h-1 w-3/5 rounded-full bg-ink-muted/60" />
    </span>
  )
}

function CoverSketch({ cover }: { cover: string }) {
  if (cover === 'split') {
    return (
      <span className="grid h-full grid-cols-2 items-center gap-1.5">
        <TextLines />
        <span className={cn(box, 'h-full')} />
      </span>
    )
  }
  if (cover === 'minimal') {
    return (
      <span className="flex h-full flex-col justify-center border-b border-line">
        <TextLines />
      </span>
    )
  }
  return (
    <span className="relative flex h-full items-end rounded-[2px] bg-gradient-to-t from-ink-muted/20 to-ink-muted/50 p-1">
      <TextLines className="w-full" />
    </span>
  )
}

function CanvasSketch({ canvas }: { canvas: string }) {
  return (
    <span
      className={cn(
        'flex h-full items-center justify-center gap-1 rounded-[2px] p-1.5',
        canvas === 'light' ? 'bg-[#fafaf9]' : 'bg-[#0b0b0c]',
      )}
    >
      {[0, 1, 2].map((tile) => (
        <span
          key={tile}
          className={cn('h-full flex-1 rounded-[2px]', canvas === 'light' ? 'bg-[#dcdcd8]' : 'bg-[#2a2a2e]')}
        />
      ))}
    </span>
  )
}

function TypeSketch({ type }: { type: string }) {
  return (
    <span className={cn('type-' + type, 'flex h-full flex-col items-center justify-center')}>
      <span className="type-sample text-2xl leading-none font-semibold">Aa</span>
    </span>
  )
}
