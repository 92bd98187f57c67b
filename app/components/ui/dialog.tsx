import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useRef, type ReactNode } from 'react'
import { cn } from '#app/lib/cn'
import { Button } from './button'

type DialogShellProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  className?: string
  testId?: string
  /** Where focus goes back to when the button that asked is gone (a question asked from another dialog). */
  returnFocusTo?: () => HTMLElement | null
  children: ReactNode
}

/**
 * The window every dialog opens in: overlay, title, description, focus handed back. Opened by the
 * page, not by a Radix trigger: Radix would hand focus back to a trigger only, so the button that
 * asked gets it back here (a keyboard user stays where they were).
 */
function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  className,
  testId,
  returnFocusTo,
  children,
}: DialogShellProps) {
  const askedFrom = useRef<HTMLElement | null>(null)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in" />
        <RadixDialog.Content
          onOpenAutoFocus={() => {
            const asker = document.activeElement
            askedFrom.current = asker instanceof HTMLElement && asker !== document.body ? asker : null
          }}
          onCloseAutoFocus={(event) => {
            const back = askedFrom.current?.isConnected ? askedFrom.current : returnFocusTo?.()
            if (!back?.isConnected) return
            event.preventDefault()
            back.focus()
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-2xl',
            className,
          )}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold break-words text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-ink-muted">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  cancelLabel: string
  tone?: 'danger' | 'primary'
  onConfirm: () => void
  busy?: boolean
  /** What the question needs answered besides yes or no (a gallery to pick, a text to write). */
  children?: ReactNode
  returnFocusTo?: () => HTMLElement | null
}

/** A question with two answers; Escape and the cancel button both say no. */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  onConfirm,
  busy,
  children,
  ...shell
}: ConfirmDialogProps) {
  return (
    <DialogShell {...shell}>
      {children ? <div className="mt-4">{children}</div> : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <RadixDialog.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </RadixDialog.Close>
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </DialogShell>
  )
}

/** A panel over the page with its own controls, closed by its × button or Escape. */
export function Dialog({ closeLabel, ...shell }: DialogShellProps & { closeLabel: string }) {
  return (
    <DialogShell {...shell}>
      <RadixDialog.Close asChild>
        <button
          type="button"
          aria-label={closeLabel}
          className="absolute top-4 right-4 grid size-9 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
        >
          <X aria-hidden className="size-5" />
        </button>
      </RadixDialog.Close>
      {shell.children}
    </DialogShell>
  )
}

export { RadixDialog }
