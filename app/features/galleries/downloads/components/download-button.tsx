import { Download, Loader2 } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { buttonClasses } from '#app/components/ui/button-classes'
import { cn } from '#app/lib/cn'

type DownloadButtonProps = {
  /** The download address (fileDownloadPath / contentDownloadPath). */
  href: string
  /**
   * The item asks for fans' details. Whether this fan already left them is the server's answer
   * when the download starts (the page is the same for every fan), so the dialog opens only then.
   */
  leadRequired: boolean
  companyName: string
  privacyHref: string
  children?: ReactNode
  /** `icon`: a round icon button, as in the photo viewer's toolbar (then `label` names it). */
  appearance?: 'button' | 'icon'
  variant?: 'primary' | 'secondary' | 'ghost'
  size?: 'sm' | 'md' | 'lg'
  /** The accessible name; the visible text when there are no children. */
  label: string
  className?: string
}

// Starting a download (start-download.ts) is fetched when a fan reaches for the button, not with the page.
const loadStart = () => import('../start-download')

// The dialog (form, validation, Radix) is fetched the first time a fan may need it, not with the page, after start-download.ts.
const loadLeadDialog = () => loadStart().then((start) => start.loadLeadDialog())
const LeadCaptureDialog = lazy(() => loadLeadDialog().then((module) => ({ default: module.LeadCaptureDialog })))

/**
 * The one download control of fans' pages (gallery, viewer, event, player). A link, so it works
 * without JavaScript (the server sends a fan it does not know yet to the lead form page first);
 * with JavaScript it says "Preparing…", checks the download is there, asks for the fan's details
 * in a dialog when the server says it needs them, and hands the file to the browser, or explains
 * in a toast what went wrong.
 */
export function DownloadButton({
  href,
  leadRequired,
  companyName,
  privacyHref,
  children,
  appearance = 'button',
  variant = 'primary',
  size = 'md',
  label,
  className,
}: DownloadButtonProps) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  // Stays mounted after the first question so the dialog can animate out and keep its state.
  const [asked, setAsked] = useState(false)
  useEffect(() => {
    if (asking) setAsked(true)
  }, [asking])
  const [preparing, setPreparing] = useState(false)
  const mounted = useRef(true)
  const trigger = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const start = useCallback(async () => {
    setPreparing(true)
    try {
      const { startDownload } = await loadStart()
      if ((await startDownload(href, t)) === 'ask') setAsking(true)
    } catch {
      toast.error(t(navigator.onLine === false ? 'downloads.errors.offline' : 'downloads.errors.failed'))
    } finally {
      if (mounted.current) setPreparing(false)
    }
  }, [href, t])

  function prepare() {
    void loadStart()
    if (leadRequired) void loadLeadDialog()
  }

  function click(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window is the browser's business (and goes through the no-JavaScript path).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    if (preparing) return
    void start()
  }

  const onCaptured = useCallback(() => {
    setAsking(false)
    void start()
  }, [start])

  const icon = preparing ? (
    <Loader2 aria-hidden className="size-5 animate-spin" />
  ) : (
    <Download aria-hidden className={appearance === 'icon' ? 'size-6' : 'size-4'} />
  )
  return (
    <>
      <a
        ref={trigger}
        href={href}
        onClick={click}
        onPointerEnter={prepare}
        onFocus={prepare}
        aria-label={appearance === 'icon' || preparing ? (preparing ? t('downloads.preparing') : label) : undefined}
        aria-busy={preparing}
        aria-disabled={preparing}
        data-testid="download-button"
        title={appearance === 'icon' ? label : undefined}
        className={cn(
          // A wide button centres its icon and words: shown once both are parsed, so the icon does not slide aside (app.css).
          appearance === 'icon'
            ? 'grid size-11 place-items-center rounded-full text-white/90 hover:text-white'
            : cn('whole-row', buttonClasses(variant, size, 'min-h-11 sm:min-h-0')),
          preparing && 'cursor-progress opacity-80',
          className,
        )}
      >
        {icon}
        {appearance === 'icon' ? null : preparing ? t('downloads.preparing') : (children ?? label)}
        {appearance === 'icon' ? null : <span hidden className="row-end" />}
      </a>
      {asking || asked ? (
        <Suspense fallback={null}>
          <LeadCaptureDialog
            open={asking}
            onOpenChange={setAsking}
            next={href}
            companyName={companyName}
            privacyHref={privacyHref}
            onCaptured={onCaptured}
            returnFocusTo={trigger}
          />
        </Suspense>
      ) : null}
    </>
  )
}
