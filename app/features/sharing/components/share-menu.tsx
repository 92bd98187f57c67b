import { Share2 } from 'lucide-react'
import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'

/*
 * The Share button of fans' pages. The menu it opens (share-menu-panel.tsx) loads the first time a
 * fan points at, focuses or presses the button, so pages do not carry it in their first download.
 */

const loadPanel = () => import('./share-menu-panel')
const ShareMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.ShareMenuPanel })))

type Props = {
  url: string
  title: string
  /** The button's look: a labelled pill, or an icon only (the photo viewer's toolbar). */
  appearance?: 'pill' | 'icon'
  className?: string
  /** The button's text (the pill) or accessible name (the icon); "Share" by default. */
  label?: string
}

export function ShareMenu({ url, title, appearance = 'pill', className, label }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const buttonId = useId()

  const close = useCallback((returnFocus = true) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      event.stopPropagation()
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last')
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        aria-label={appearance === 'icon' ? (label ?? t('sharing.menu.button')) : undefined}
        title={appearance === 'icon' ? (label ?? t('sharing.menu.button')) : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => (open ? close() : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
        className={cn(
          appearance === 'pill'
            ? 'inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface/60 px-4 text-sm font-medium text-ink backdrop-blur transition-colors hover:bg-surface-muted'
            : 'yarl__button',
          className,
        )}
      >
        <Share2 aria-hidden className={appearance === 'pill' ? 'size-4' : 'yarl__icon'} />
        {appearance === 'pill' ? (label ?? t('sharing.menu.button')) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareMenuPanel
            url={url}
            title={title}
            menuId={menuId}
            buttonId={buttonId}
            buttonRef={buttonRef}
            focus={open}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  )
}
