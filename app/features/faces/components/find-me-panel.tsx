import { EyeOff, Loader2, Lock, ScanFace, UserX, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { Switch } from '#app/components/ui/switch'
import { UPGRADE_PATH } from '#app/features/billing/entitlements'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useDateFormat } from '#app/lib/use-date-format'
import { knowPanelRoute, PANEL_ROUTES, type PanelUnreachable } from '#app/lib/panel-data'
import { useTranslation } from '#app/lib/react-i18n'
import { useLastReachable } from '#app/lib/use-last-reachable'
import type { FindMePanelState } from '../find-me'

/** The company's three answers to a fan's "remove me", in the order offered. */
const ANSWERS = [
  { decision: 'hidden', label: 'findMeStudio.requests.hide', Icon: EyeOff, variant: 'secondary' },
  { decision: 'excluded', label: 'findMeStudio.requests.exclude', Icon: UserX, variant: 'secondary' },
  { decision: 'dismissed', label: 'findMeStudio.requests.dismiss', Icon: X, variant: 'ghost' },
] as const

/** While the gallery's faces are being read, the panel asks for its progress this often. */
const PROGRESS_REFRESH_MS = 3000

/**
 * A gallery's Find me in its editor (ADR 103): the switch (the company's first one asks for an
 * acknowledgement of what it does), how far the index has come, fans' searches, and their
 * "remove me" requests with the company's three answers.
 */
export function FindMePanel({
  contentItemId,
  canEdit,
  canPublish,
}: {
  contentItemId: string
  canEdit: boolean
  canPublish: boolean
}) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const url = `/admin/content/${contentItemId}/find-me`
  const panel = useFetcher<FindMePanelState | PanelUnreachable>()
  const change = useFetcher<ActionResult>()
  const switchLabel = useId()
  const [asking, setAsking] = useState(false)
  const [understood, setUnderstood] = useState(false)
  const load = panel.load
  useEffect(() => {
    knowPanelRoute(PANEL_ROUTES.findMe)
    load(url)
  }, [load, url])
  useOutcomeToast(change.data, () => load(url))
  const data = useLastReachable(panel.data)
  // The acknowledgement stays until the panel shows Find me on: the switch does not flick back meanwhile.
  useEffect(() => {
    if (data?.enabled) setAsking(false)
  }, [data?.enabled])
  const indexing = Boolean(data?.enabled && data.indexed < data.photos)
  useEffect(() => {
    if (!indexing) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load(url)
    }, PROGRESS_REFRESH_MS)
    return () => clearInterval(timer)
  }, [indexing, load, url])

  const submit = (fields: Record<string, string>) => void change.submit(fields, { method: 'post', action: url })
  const busy = change.state !== 'idle'
  const turn = (enabled: boolean) => {
    if (enabled && data && !data.acknowledged) {
      setAsking(true)
      return
    }
    submit({ intent: 'switch', enabled: String(enabled) })
  }

  return (
    <section
      aria-labelledby="find-me-heading"
      className="space-y-4 rounded-xl border border-line bg-surface p-5"
      data-testid="find-me-panel"
    >
      <h2 id="find-me-heading" className="flex items-center gap-2 font-semibold">
        <ScanFace aria-hidden className="size-4" />
        {t('findMeStudio.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('findMeStudio.intro')}</p>
      {!data ? (
        <Loader2 aria-label={t('findMeStudio.loading')} className="size-5 animate-spin text-ink-muted" />
      ) : !data.allowed ? (
        <p className="flex items-start gap-2 rounded-md bg-accent/10 px-3 py-2 text-sm" data-testid="find-me-upgrade">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t('findMeStudio.upgrade')}{' '}
            <Link to={UPGRADE_PATH} className="font-medium whitespace-nowrap text-accent hover:underline">
              {t('sharing.qr.upgrade')}
            </Link>
          </span>
        </p>
      ) : (
        <>
          <label className="flex items-center gap-3">
            <Switch
              aria-labelledby={switchLabel}
              checked={data.enabled || asking}
              disabled={!canEdit || busy}
              onCheckedChange={turn}
              data-testid="find-me-switch"
            />
            <span id={switchLabel}>{t('findMeStudio.switch')}</span>
          </label>
          {asking ? (
            <div
              className="space-y-3 rounded-lg border border-line bg-surface-muted p-4"
              data-testid="find-me-acknowledge"
            >
              <h3 className="text-sm font-semibold">{t('findMeStudio.acknowledge.title')}</h3>
              <ul className="list-disc space-y-1 ps-5 text-sm">
                <li>{t('findMeStudio.acknowledge.index')}</li>
                <li>{t('findMeStudio.acknowledge.consent')}</li>
                <li>{t('findMeStudio.acknowledge.selfie')}</li>
                <li>{t('findMeStudio.acknowledge.off')}</li>
              </ul>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={understood}
                  onChange={(event) => setUnderstood(event.target.checked)}
                  className="mt-0.5 size-4 accent-[var(--accent)]"
                />
                {t('findMeStudio.acknowledge.check')}
              </label>
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="button"
                  disabled={!understood || busy}
                  onClick={() => submit({ intent: 'switch', enabled: 'true', acknowledge: 'true' })}
                >
                  {t('findMeStudio.acknowledge.confirm')}
                </Button>
              </div>
            </div>
          ) : null}
          {data.enabled ? (
            <div className="space-y-2" aria-live="polite" data-testid="find-me-progress">
              <p className="text-sm">
                {indexing
                  ? t('findMeStudio.progress.indexing', { indexed: data.indexed, photos: data.photos })
                  : t('findMeStudio.progress.done', { count: data.photos })}
              </p>
              {indexing ? (
                <progress
                  className="h-2 w-full accent-[var(--accent)]"
                  max={data.photos}
                  value={data.indexed}
                  aria-label={t('findMeStudio.progress.label')}
                />
              ) : null}
              <p className="text-sm text-ink-muted">
                {t('findMeStudio.progress.faces', { count: data.faces })}
                {data.skipped > 0 ? ` · ${t('findMeStudio.progress.skipped', { count: data.skipped })}` : ''}
              </p>
            </div>
          ) : null}
          {data.searches > 0 ? (
            <p className="text-sm text-ink-muted" data-testid="find-me-searches">
              {t('findMeStudio.searches', { count: data.searches, matched: data.searchesWithMatch })}
              {data.downloads > 0 ? ` · ${t('findMeStudio.downloads', { count: data.downloads })}` : ''}
            </p>
          ) : null}
          {data.removalRequests.length > 0 ? (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold">
                {t('findMeStudio.requests.title', { count: data.removalRequests.length })}
              </h3>
              <ul className="space-y-2" data-testid="find-me-requests">
                {data.removalRequests.map((request) => (
                  <li key={request.id} className="space-y-2 rounded-lg border border-line p-3 text-sm">
                    <p>
                      {t('findMeStudio.requests.photos', { count: request.photos })} ·{' '}
                      {dates.dateTime(request.createdAt)}
                    </p>
                    {request.email ? <p className="text-ink-muted">{request.email}</p> : null}
                    {request.message ? <p className="whitespace-pre-line">{request.message}</p> : null}
                    {canPublish ? (
                      <div className="flex flex-wrap gap-2">
                        {ANSWERS.map(({ decision, label, Icon, variant }) => (
                          <Button
                            key={decision}
                            size="sm"
                            variant={variant}
                            disabled={busy}
                            onClick={() => submit({ intent: 'removal', requestId: request.id, decision })}
                          >
                            <Icon aria-hidden className="size-4" />
                            {t(label)}
                          </Button>
                        ))}
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
