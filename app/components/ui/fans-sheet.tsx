import { X } from 'lucide-react'
import {
  useLayoutEffect,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react'
import { RadixDialog } from './dialog'

/*
 * The dialog fans' pages open (the lead form, Find me): a sheet from the bottom on a phone, a
 * centred box on a larger screen, in the colours of the page it opens over, its events kept from
 * the photo viewer under it, and focus handed back to what opened it.
 */

// The dialog may open from inside the photo viewer: React passes events up through portals,
// and the viewer would take typing (arrows, Escape) and swipes in the form as its own.
const stop = (event: SyntheticEvent) => event.stopPropagation()
const ISOLATE = {
  onKeyDown: stop,
  onKeyUp: stop,
  onPointerDown: stop,
  onPointerMove: stop,
  onPointerUp: stop,
  onPointerCancel: stop,
  onWheel: stop,
  onClick: stop,
  onTouchStart: stop,
  onTouchMove: stop,
  onTouchEnd: stop,
}

const PALETTE = [
  '--surface',
  '--surface-muted',
  '--ink',
  '--ink-muted',
  '--line',
  '--accent',
  '--accent-foreground',
  '--danger',
] as const

/**
 * The company's page palette (its canvas and brand colours) as the page around `from` paints it:
 * the dialog is portalled out of that page, so it takes the colours along. Null off a company's
 * page, where the platform's night palette is used.
 */
function pagePalette(from: HTMLElement | null | undefined): CSSProperties | null {
  const page = from?.closest<HTMLElement>('[data-canvas]')
  if (!page) return null
  const style = getComputedStyle(page)
  const palette = Object.fromEntries(
    PALETTE.map((name) => [name, style.getPropertyValue(name).trim()]).filter(([, value]) => value),
  )
  return Object.keys(palette).length === PALETTE.length ? (palette as CSSProperties) : null
}

type FansSheetProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  closeLabel: string
  testId: string
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>
  children: ReactNode
}

export function FansSheet({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  testId,
  returnFocusTo,
  children,
}: FansSheetProps) {
  const [palette, setPalette] = useState<CSSProperties | null>(null)
  // Before the first paint, so the dialog never flashes in other colours.
  useLayoutEffect(() => {
    if (open) setPalette(pagePalette(returnFocusTo?.current))
  }, [open, returnFocusTo])
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay {...ISOLATE} className="fixed inset-0 z-[10000] bg-black/70 backdrop-blur-sm" />
        <RadixDialog.Content
          {...ISOLATE}
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            // A tap does not focus the button it hits: without this, focus would fall to the page.
            if (!returnFocusTo?.current) return
            event.preventDefault()
            returnFocusTo.current.focus()
          }}
          style={palette ?? undefined}
          data-palette={palette ? 'page' : 'night'}
          className={`${palette ? '' : 'theme-night '}fixed inset-x-0 bottom-0 z-[10001] flex max-h-[92dvh] flex-col rounded-t-2xl border border-line bg-surface text-ink shadow-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl`}
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="flex items-center gap-2 text-lg font-semibold">{title}</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-muted">{description}</RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="-mt-1 -mr-2 grid size-11 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
              aria-label={closeLabel}
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
