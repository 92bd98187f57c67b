import { Check, Copy, ImageIcon, Loader2, MonitorPlay, Radio, X } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useFetcher } from 'react-router'
import { knowPanelRoute, PANEL_ROUTES, type PanelUnreachable } from '#app/lib/panel-data'
import { useLastReachable } from '#app/lib/use-last-reachable'
import { Button, buttonClasses } from '#app/components/ui/button'
import { Switch } from '#app/components/ui/switch'
import { UploadPanel } from '#app/features/media/components/upload-panel'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import type { LivePanelData } from '../server/get-live-panel.server'

/** While live, the tray is asked again this often, so photos uploaded from the venue show up for approval. */
const TRAY_REFRESH_MS = 4000

/**
 * A gallery's live show (ADR 057, 058): the live and auto-approve switches, the moderation tray
 * (one tap approves a photo; every button is reachable by keyboard), and the venue wall's secret link.
 * A photographer whose role edits drafts only (`venueUploader`) uploads here while the show is
 * live: their photos wait in the tray for a manager, unless the manager turned auto-approve on.
 */
export function LiveShowPanel({ contentItemId, venueUploader }: { contentItemId: string; venueUploader: boolean }) {
  const { t } = useTranslation()
  const url = `/admin/content/${contentItemId}/live`
  const panel = useFetcher<LivePanelData>()
  const change = useFetcher<ActionResult>()
  const liveLabel = useId()
  const autoLabel = useId()
  useOutcomeToast(change.data)
  const data = useLastReachable(panel.data as typeof panel.data | PanelUnreachable)
  const load = panel.load
  useEffect(() => {
    knowPanelRoute(PANEL_ROUTES.live)
    load(url)
  }, [load, url, change.data])
  useEffect(() => {
    if (!data?.liveMode) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load(url)
    }, TRAY_REFRESH_MS)
    return () => clearInterval(timer)
  }, [data?.liveMode, load, url])

  const submit = (fields: Record<string, string>) => void change.submit(fields, { method: 'post', action: url })
  const busy = change.state !== 'idle'
  const wallUrl =
    data?.wallToken && typeof window !== 'undefined' ? `${window.location.origin}/wall/${data.wallToken}` : null

  return (
    <section
      aria-labelledby="live-heading"
      className="@container space-y-4 rounded-xl border border-line bg-surface p-5"
      data-testid="live-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="live-heading" className="flex items-center gap-2 font-semibold">
          <Radio aria-hidden className="size-4" />
          {t('liveStudio.panel.title')}
          {data?.liveMode ? (
            <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white">
              {t('liveStudio.badge')}
            </span>
          ) : null}
        </h2>
      </div>
      <p className="text-sm text-ink-muted">{t('liveStudio.panel.intro')}</p>
      {!data ? (
        <Loader2 aria-label={t('liveStudio.panel.loading')} className="size-5 animate-spin text-ink-muted" />
      ) : (
        <>
          <div className="flex flex-col gap-3 @md:flex-row @md:flex-wrap @md:gap-x-8">
            <label className="flex items-center gap-3">
              <Switch
                aria-labelledby={liveLabel}
                checked={data.liveMode}
                disabled={!data.canModerate || busy}
                onCheckedChange={(live) =>
                  submit({ intent: 'live-mode', live: String(live), autoApprove: String(data.autoApprove) })
                }
                data-testid="live-switch"
              />
              <span id={liveLabel}>{t('liveStudio.panel.live')}</span>
            </label>
            <label className="flex items-center gap-3">
              <Switch
                aria-labelledby={autoLabel}
                checked={data.autoApprove}
                disabled={!data.canModerate || busy}
                onCheckedChange={(autoApprove) =>
                  submit({ intent: 'live-mode', live: String(data.liveMode), autoApprove: String(autoApprove) })
                }
                data-testid="auto-approve-switch"
              />
              <span id={autoLabel}>{t('liveStudio.panel.autoApprove')}</span>
            </label>
          </div>
          {venueUploader && data.liveMode ? (
            <UploadPanel
              target={{ purpose: 'gallery-media', contentItemId }}
              accept="image/*,video/*"
              multiple
              hint={t('liveStudio.panel.venueHint')}
              list={false}
            />
          ) : null}
          {data.followers > 0 ? (
            <p className="text-sm text-ink-muted">{t('liveStudio.panel.followers', { count: data.followers })}</p>
          ) : null}

          <div className="space-y-3" aria-live="polite">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{t('liveStudio.tray.title', { count: data.pending.length })}</h3>
              {data.canModerate && data.pending.length > 1 ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    submit({ intent: 'approve', assetIds: data.pending.map((photo) => photo.id).join(',') })
                  }
                >
                  <Check aria-hidden className="size-4" />
                  {t('liveStudio.tray.approveAll')}
                </Button>
              ) : null}
            </div>
            {data.pending.length === 0 ? (
              <p className="text-sm text-ink-muted">
                {data.liveMode && !data.autoApprove ? t('liveStudio.tray.empty') : t('liveStudio.tray.off')}
              </p>
            ) : (
              <ul
                className="grid grid-cols-2 gap-3 @sm:grid-cols-3 @xl:grid-cols-4 @3xl:grid-cols-6"
                data-testid="live-tray"
              >
                {data.pending.map((photo) => (
                  <li key={photo.id} className="overflow-hidden rounded-lg border border-line bg-surface-muted">
                    <div className="aspect-square bg-surface-muted">
                      {photo.processingStatus === 'ready' && photo.mediaType === 'image' ? (
                        <img
                          src={`/media/${photo.id}/w400.webp`}
                          alt={photo.altText ?? photo.originalName}
                          className="size-full object-cover"
                          width={photo.width ?? undefined}
                          height={photo.height ?? undefined}
                        />
                      ) : (
                        <div
                          className="flex size-full items-center justify-center text-ink-muted"
                          role="img"
                          aria-label={t('liveStudio.tray.processing', { name: photo.originalName })}
                        >
                          <ImageIcon aria-hidden className="size-6" />
                        </div>
                      )}
                    </div>
                    {data.canModerate ? (
                      <div className="flex">
                        <Button
                          size="sm"
                          className="flex-1 rounded-none"
                          disabled={busy}
                          onClick={() => submit({ intent: 'approve', assetIds: photo.id })}
                          aria-label={t('liveStudio.tray.approveOne', { name: photo.originalName })}
                        >
                          <Check aria-hidden className="size-4" />
                          {t('liveStudio.tray.approve')}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger-ghost"
                          className="rounded-none"
                          disabled={busy}
                          onClick={() => submit({ intent: 'reject', assetIds: photo.id })}
                          aria-label={t('liveStudio.tray.removeOne', { name: photo.originalName })}
                        >
                          <X aria-hidden className="size-4" />
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="space-y-2 border-t border-line pt-4">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <MonitorPlay aria-hidden className="size-4" />
              {t('liveStudio.wall.title')}
            </h3>
            <p className="text-sm text-ink-muted">{t('liveStudio.wall.intro')}</p>
            {wallUrl ? (
              <div className="flex flex-wrap items-center gap-2">
                <input
                  readOnly
                  value={wallUrl}
                  aria-label={t('liveStudio.wall.link')}
                  className="h-10 min-w-0 flex-1 rounded-[var(--radius-ui)] border border-line bg-surface-muted px-3 font-mono text-xs"
                  data-testid="wall-url"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Button size="md" variant="secondary" onClick={() => void navigator.clipboard?.writeText(wallUrl)}>
                  <Copy aria-hidden className="size-4" />
                  {t('liveStudio.wall.copy')}
                </Button>
                <a href={wallUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
                  {t('liveStudio.wall.open')}
                  <span className="sr-only">{t('studio.editor.newTab')}</span>
                </a>
              </div>
            ) : null}
            {data.canModerate ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => submit({ intent: 'wall-link', change: 'create' })}
                >
                  {wallUrl ? t('liveStudio.wall.regenerate') : t('liveStudio.wall.create')}
                </Button>
                {wallUrl ? (
                  <Button
                    size="sm"
                    variant="danger-ghost"
                    disabled={busy}
                    onClick={() => submit({ intent: 'wall-link', change: 'revoke' })}
                  >
                    {t('liveStudio.wall.revoke')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        </>
      )}
    </section>
  )
}
