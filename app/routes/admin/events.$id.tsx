import { Link2, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, redirect, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { AttachedContentList } from '#app/features/events/components/attached-content-list'
import { EventFields } from '#app/features/events/components/event-fields'
import { EventStatusBadge } from '#app/features/events/components/event-status-badge'
import { ZEventAction, ZEventForm } from '#app/features/events/events.schema'
import { attachContent } from '#app/features/events/server/attach-content.server'
import { changeEventStatus } from '#app/features/events/server/change-event-status.server'
import { deleteEvent } from '#app/features/events/server/delete-event.server'
import { getEvent } from '#app/features/events/server/get-event.server'
import { reorderEventContent } from '#app/features/events/server/reorder-event-content.server'
import { updateEvent } from '#app/features/events/server/update-event.server'
import { can } from '#app/features/members/permissions'
import { CoverPicker } from '#app/features/media/components/cover-picker'
import { LivePageLinks } from '#app/features/sharing/components/live-page-links'
import { QrCodePanel } from '#app/features/sharing/components/qr-code-panel'
import { findQrTarget } from '#app/features/sharing/server/find-qr-target.server'
import {
  actionInvalid,
  actionSuccess,
  revalidateUnlessUnchanged,
  useOutcomeToast,
  type ActionResult,
} from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/events.$id'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member, { params }: Route.LoaderArgs) => {
  const found = await getEvent(member, params.eventId)
  const { url: liveUrl } = await findQrTarget(member, 'event', found.event.id)
  return { ...found, liveUrl, canManage: can(member.actor.role, 'events.manage') }
})

export const action = withActor({ kind: 'person' }, async (member, { request, params }: Route.ActionArgs) => {
  const id = params.eventId
  const link = async (contentItemId: string, attach: boolean) => {
    await attachContent(member, id, contentItemId, attach)
    return actionSuccess(attach ? 'events.toasts.attached' : 'events.toasts.detached')
  }
  return intentAction(request, ZEventAction, {
    save: async (_, form) => {
      const values = ZEventForm.safeParse(form)
      if (!values.success) return actionInvalid(values.error)
      await updateEvent(member, id, values.data)
      return actionSuccess('events.toasts.saved')
    },
    status: async ({ status }) => {
      await changeEventStatus(member, id, status)
      return actionSuccess(`events.toasts.${status}`)
    },
    delete: async () => {
      await deleteEvent(member, id)
      return redirect('/admin/events')
    },
    attach: ({ contentItemId }) => link(contentItemId, true),
    detach: ({ contentItemId }) => link(contentItemId, false),
    reorder: async ({ order }) => {
      await reorderEventContent(member, id, order)
      return actionSuccess('events.toasts.reordered')
    },
  })
})

// A change that cannot reach the server (or fails there) is a toast, never a lost form or the error screen.
export const clientAction = resilientClientAction('errors.updateFailed', { delete: 'errors.deleteFailed' })
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.event.title ?? 'Events'} · Afterglow` }]

export default function EventEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { event, attached, available, liveUrl, canManage } = loaderData
  const details = useFetcher<ActionResult>()
  const status = useFetcher<ActionResult>()
  const links = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [toAttach, setToAttach] = useState('')
  useOutcomeToast(details.data)
  useOutcomeToast(status.data)
  useOutcomeToast(links.data)
  useOutcomeToast(remover.data)
  // A deletion that answers here failed (one that works leaves the page): the dialog closes, so
  // its toast can be read and dismissed.
  useEffect(() => {
    if (remover.data) setConfirmDelete(false)
  }, [remover.data])
  const errors = details.data && !details.data.ok ? details.data.errors : undefined
  const setStatus = (next: string) => void status.submit({ intent: 'status', status: next }, { method: 'post' })

  return (
    <div className={`${pageWidth('form')} space-y-8`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link to="/admin/events" className="text-sm text-ink-muted hover:text-ink">
            ← {t('events.title')}
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{event.title}</h1>
            <EventStatusBadge status={event.status} />
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <LivePageLinks url={liveUrl} title={event.title} published={event.status === 'published'} />
          {canManage ? (
            <div className="flex flex-wrap gap-2">
              {event.status !== 'published' ? (
                <Button onClick={() => setStatus('published')}>{t('events.actions.publish')}</Button>
              ) : (
                <Button variant="secondary" onClick={() => setStatus('draft')}>
                  {t('events.actions.unpublish')}
                </Button>
              )}
              {event.status !== 'cancelled' ? (
                <Button variant="secondary" onClick={() => setStatus('cancelled')}>
                  {t('events.actions.cancel')}
                </Button>
              ) : null}
              <Button variant="danger-ghost" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t('events.actions.delete')}
              </Button>
            </div>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="cover-heading" className="space-y-3">
        <h2 id="cover-heading" className="font-semibold">
          {t('covers.title')}
        </h2>
        {event.shownCoverAssetId && !event.coverAssetId ? (
          <p className="text-sm text-ink-muted" data-testid="automatic-cover">
            {t('events.automaticCover')}
          </p>
        ) : null}
        <CoverPicker
          coverAssetId={event.shownCoverAssetId}
          target={{ purpose: 'cover', eventId: event.id }}
          disabled={!canManage}
        />
      </section>

      <div id="qr-code" className="scroll-mt-20">
        <QrCodePanel kind="event" id={event.id} />
      </div>

      <section aria-labelledby="attached-heading" className="space-y-3">
        <h2 id="attached-heading" className="font-semibold">
          {t('events.attached.title')}
        </h2>
        {attached.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">
            {t('events.attached.empty')}
          </p>
        ) : (
          <AttachedContentList
            attached={attached}
            canManage={canManage}
            onDetach={(contentItemId) => void links.submit({ intent: 'detach', contentItemId }, { method: 'post' })}
          />
        )}
        {canManage && available.length > 0 ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="sr-only" htmlFor="attach-select">
              {t('events.attached.choose')}
            </label>
            <select
              id="attach-select"
              value={toAttach}
              onChange={(e) => setToAttach(e.target.value)}
              className="h-10 flex-1 rounded-[var(--radius-ui)] border border-line bg-surface px-3 text-sm"
            >
              <option value="">{t('events.attached.choose')}</option>
              {available.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title} · {t(`content.kinds.${item.kind}`)}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              disabled={!toAttach || links.state !== 'idle'}
              onClick={() => {
                void links.submit({ intent: 'attach', contentItemId: toAttach }, { method: 'post' })
                setToAttach('')
              }}
            >
              <Link2 aria-hidden className="size-4" />
              {t('events.attached.attach')}
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="event-details" className="space-y-3">
        <h2 id="event-details" className="font-semibold">
          {t('content.detailsHeading')}
        </h2>
        <details.Form method="post" noValidate className="space-y-5 rounded-xl border border-line bg-surface p-5">
          <input type="hidden" name="intent" value="save" />
          <fieldset disabled={!canManage} className="space-y-5">
            <EventFields values={event} errors={errors} />
          </fieldset>
          {canManage ? (
            <div className="flex justify-end">
              <Button type="submit" disabled={details.state !== 'idle'}>
                {details.state !== 'idle' ? t('common.saving') : t('events.actions.save')}
              </Button>
            </div>
          ) : null}
        </details.Form>
      </section>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        tone="danger"
        title={t('events.deleteDialog.title', { title: event.title })}
        description={t('events.deleteDialog.text')}
        confirmLabel={t('events.actions.delete')}
        cancelLabel={t('common.cancel')}
        busy={remover.state !== 'idle'}
        onConfirm={() => void remover.submit({ intent: 'delete' }, { method: 'post' })}
      />
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
