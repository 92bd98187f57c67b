import { Monitor, Smartphone } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'

/*
 * A settings form beside a live preview of the company's real fans' page: the page is framed
 * (same origin, so it lays out at a real phone or desktop width) and the form posts its unsaved
 * values to it as they change. The frame says when it is listening, and gets the values then.
 */

/** The desktop preview lays out at this width and is scaled to fit its column. */
const DESKTOP_WIDTH = 1280
const FRAME_HEIGHT = 720

/** The settings page's side: sends `draft` to the frame whenever it changes or the frame (re)loads. */
export function useDraftSender<T>(type: string, draft: T) {
  const frame = useRef<HTMLIFrameElement>(null)
  const send = useCallback(
    () => frame.current?.contentWindow?.postMessage({ type, draft }, window.location.origin),
    [type, draft],
  )
  useEffect(send, [send])
  useEffect(() => {
    const ready = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.data?.type === `${type}:ready`) send()
    }
    window.addEventListener('message', ready)
    return () => window.removeEventListener('message', ready)
  }, [type, send])
  /** Shows the page as fans now see it (after a save). */
  const reload = useCallback(() => frame.current?.contentWindow?.location.reload(), [])
  return { frame, reload }
}

/** The framed page's side: the latest draft the settings page sent, null until the first. */
export function useDraftReceiver<T>(type: string) {
  const [draft, setDraft] = useState<T | null>(null)
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== type) return
      setDraft(event.data.draft as T)
    }
    window.addEventListener('message', receive)
    window.parent.postMessage({ type: `${type}:ready` }, window.location.origin)
    return () => window.removeEventListener('message', receive)
  }, [type])
  return draft
}

/**
 * Links would leave the preview: they are shown, not followed. The frame sits in the admin's page,
 * whose banner and main a screen reader lists beside the preview's: the preview's own are named
 * as the preview's, so each is told apart (named here, so the fans' pages carry none of it).
 */
export function PreviewLinksInert({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation()
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    frame.current?.querySelector('header')?.setAttribute('aria-label', t('public.previewLandmarks.header'))
    frame.current?.querySelector('main')?.setAttribute('aria-label', t('public.previewLandmarks.main'))
  }, [t])
  return (
    <div
      ref={frame}
      onClickCapture={(event) => (event.target as HTMLElement).closest('a') && event.preventDefault()}
      data-testid={testId}
    >
      {children}
    </div>
  )
}

/** The preview column: a heading, the phone/desktop switch (and `tools`), and the frame at that width. */
export function PreviewPanel({
  frame,
  src,
  title,
  frameTitle,
  tools,
  testId,
}: {
  frame: RefObject<HTMLIFrameElement | null>
  src: string
  title: string
  frameTitle: string
  tools?: ReactNode
  testId: string
}) {
  const { t } = useTranslation()
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone')
  const column = useRef<HTMLDivElement>(null)
  const [columnWidth, setColumnWidth] = useState(560)
  useEffect(() => {
    if (!column.current) return
    const observer = new ResizeObserver(([entry]) => setColumnWidth(entry.contentRect.width))
    observer.observe(column.current)
    return () => observer.disconnect()
  }, [])
  const scale = device === 'desktop' ? Math.min(1, columnWidth / DESKTOP_WIDTH) : 1
  return (
    <section aria-labelledby="preview-heading" className="space-y-3 xl:sticky xl:top-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="preview-heading" className="font-semibold">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {tools}
          <div
            role="group"
            aria-label={t('settings.landingPage.device')}
            className="flex rounded-lg bg-surface-muted p-0.5"
          >
            {(['phone', 'desktop'] as const).map((option) => {
              const Icon = option === 'phone' ? Smartphone : Monitor
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={device === option}
                  onClick={() => setDevice(option)}
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm',
                    device === option ? 'bg-surface font-medium shadow-sm' : 'text-ink-muted hover:text-ink',
                  )}
                >
                  <Icon aria-hidden className="size-4" />
                  {t(`settings.landingPage.devices.${option}`)}
                </button>
              )
            })}
          </div>
        </div>
      </div>
      <div ref={column} className="overflow-hidden rounded-xl border border-line bg-surface-muted p-3">
        <div
          className={cn(
            'mx-auto overflow-hidden bg-black shadow-xl',
            device === 'phone' ? 'w-[390px] max-w-full rounded-[28px] border-[6px] border-neutral-800' : 'rounded-lg',
          )}
          style={device === 'desktop' ? { height: FRAME_HEIGHT * scale } : undefined}
        >
          <iframe
            ref={frame}
            title={frameTitle}
            src={src}
            className="block border-0"
            data-testid={testId}
            style={
              device === 'phone'
                ? { width: '100%', height: FRAME_HEIGHT }
                : {
                    width: DESKTOP_WIDTH,
                    height: FRAME_HEIGHT,
                    transform: `scale(${scale})`,
                    transformOrigin: 'top left',
                  }
            }
          />
        </div>
      </div>
    </section>
  )
}
