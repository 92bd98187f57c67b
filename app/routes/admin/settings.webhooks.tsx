import { Copy, Eye, EyeOff, KeyRound, RotateCcw, Send, Sparkles, Trash2, Webhook } from 'lucide-react'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { TextField } from '#app/components/ui/field'
import { Switch } from '#app/components/ui/switch'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { createWebhookEndpoint } from '#app/features/webhooks/server/create-webhook-endpoint.server'
import { deleteWebhookEndpoint } from '#app/features/webhooks/server/delete-webhook-endpoint.server'
import { listWebhooks } from '#app/features/webhooks/server/list-webhooks.server'
import { resendWebhookDelivery } from '#app/features/webhooks/server/resend-webhook-delivery.server'
import { rotateWebhookSecret } from '#app/features/webhooks/server/rotate-webhook-secret.server'
import { updateWebhookEndpoint } from '#app/features/webhooks/server/update-webhook-endpoint.server'
import { WEBHOOK_EVENT_TYPES, ZWebhookEvents, ZWebhookUrl } from '#app/features/webhooks/webhooks.schema'
import { actionSuccess, revalidateUnlessUnchanged, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { toast } from '#app/lib/toast'
import type { Route } from './+types/settings.webhooks'

export const loader = withActor({ kind: 'person' }, (member) => listWebhooks(member))

const EVENT_FIELD = 'event:'
/** Each event is its own checkbox (`event:lead.created`); the form reads them as one list. */
const withEvents = (form: unknown) => {
  const fields = form as Record<string, unknown>
  return {
    ...fields,
    events: Object.keys(fields)
      .filter((name) => name.startsWith(EVENT_FIELD) && fields[name] === 'on')
      .map((name) => name.slice(EVENT_FIELD.length)),
  }
}

const ZWebhookAction = z.preprocess(
  withEvents,
  z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('add'), url: ZWebhookUrl, events: ZWebhookEvents }),
    z.object({
      intent: z.literal('toggle'),
      endpointId: z.uuid(),
      enabled: z.enum(['true', 'false']).transform((value) => value === 'true'),
    }),
    z.object({ intent: z.literal('events'), endpointId: z.uuid(), events: ZWebhookEvents }),
    z.object({ intent: z.literal('rotate'), endpointId: z.uuid() }),
    z.object({ intent: z.literal('remove'), endpointId: z.uuid() }),
    z.object({ intent: z.literal('resend'), deliveryId: z.uuid() }),
  ]),
)

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(
    request,
    ZWebhookAction,
    {
      add: async ({ url, events }) => {
        await createWebhookEndpoint(member, { url, events })
        return actionSuccess('webhooks.toasts.added')
      },
      toggle: async ({ endpointId, enabled }) => {
        await updateWebhookEndpoint(member, endpointId, { enabled })
        return actionSuccess(enabled ? 'webhooks.toasts.enabled' : 'webhooks.toasts.disabled')
      },
      events: async ({ endpointId, events }) => {
        await updateWebhookEndpoint(member, endpointId, { events })
        return actionSuccess('webhooks.toasts.eventsSaved')
      },
      rotate: async ({ endpointId }) => {
        await rotateWebhookSecret(member, endpointId)
        return actionSuccess('webhooks.toasts.rotated')
      },
      remove: async ({ endpointId }) => {
        await deleteWebhookEndpoint(member, endpointId)
        return actionSuccess('webhooks.toasts.removed')
      },
      resend: async ({ deliveryId }) => {
        await resendWebhookDelivery(member, deliveryId)
        return actionSuccess('webhooks.toasts.resent')
      },
    },
    { invalid: 'fields' },
  ),
)

export const clientAction = resilientClientAction('errors.saveFailed', {
  remove: 'errors.deleteFailed',
  toggle: 'errors.updateFailed',
  events: 'errors.updateFailed',
  rotate: 'errors.updateFailed',
  resend: 'errors.updateFailed',
})
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Webhooks · Afterglow' }]

const STATE_STYLE: Record<string, string> = {
  succeeded: 'bg-emerald-600/10 text-emerald-800',
  pending: 'bg-amber-500/15 text-amber-800',
  failed: 'bg-danger/10 text-danger',
}

type Pending = { kind: 'remove' | 'rotate'; id: string; url: string }

export default function WebhookSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { allowed, canEdit, endpoints, deliveries } = loaderData
  const adder = useFetcher<ActionResult>()
  const changer = useFetcher<ActionResult>()
  const confirmer = useFetcher<ActionResult>()
  const resender = useFetcher<ActionResult>()
  const [pending, setPending] = useState<Pending | null>(null)
  const [shown, setShown] = useState<Record<string, boolean>>({})
  const [formKey, setFormKey] = useState(0)
  useOutcomeToast(adder.data, () => setFormKey((key) => key + 1))
  useOutcomeToast(changer.data)
  useOutcomeToast(confirmer.data, () => setPending(null))
  useOutcomeToast(resender.data)
  const errors = adder.data && !adder.data.ok ? adder.data.errors : undefined
  const copy = (value: string) =>
    void navigator.clipboard?.writeText(value).then(() => toast.success(t('common.copied')))
  const { dateTime: when } = useDateFormat()
  const editable = allowed && canEdit
  return (
    <SettingsPage title={t('webhooks.title')} subtitle={t('webhooks.subtitle')} canEdit={canEdit}>
      {allowed ? null : (
        <p className="flex items-start gap-2 rounded-xl bg-accent/10 px-4 py-3 text-sm" data-testid="webhooks-upgrade">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t('webhooks.plan')}{' '}
            <Link to="/admin/subscription" className="font-medium text-accent hover:underline">
              {t('settings.landingPage.seePlans')}
            </Link>
          </span>
        </p>
      )}
      {endpoints.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line px-6 py-10 text-center"
          data-testid="webhooks-empty"
        >
          <Webhook aria-hidden className="size-8 text-ink-muted" />
          <p className="font-medium">{t('webhooks.empty.title')}</p>
          <p className="max-w-md text-sm text-ink-muted">{t('webhooks.empty.text')}</p>
        </div>
      ) : (
        endpoints.map((endpoint) => (
          <section
            key={endpoint.id}
            className="space-y-4 rounded-xl border border-line bg-surface p-5 sm:p-6"
            data-testid="webhook-endpoint"
            data-enabled={endpoint.enabled}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="font-mono text-sm font-semibold break-all">{endpoint.url}</h2>
                <p className="mt-1 text-xs text-ink-muted">
                  {t('webhooks.addedOn', { date: when(endpoint.createdAt) })}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span id={`enabled-${endpoint.id}`} className="text-sm text-ink-muted">
                  {t(endpoint.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
                </span>
                <Switch
                  checked={endpoint.enabled}
                  disabled={!editable || changer.state !== 'idle'}
                  aria-labelledby={`enabled-${endpoint.id}`}
                  data-testid="webhook-toggle"
                  onCheckedChange={(enabled) =>
                    changer.submit(
                      { intent: 'toggle', endpointId: endpoint.id, enabled: String(enabled) },
                      { method: 'post' },
                    )
                  }
                />
              </div>
            </div>
            {endpoint.disabledReason === 'failing' && !endpoint.enabled ? (
              <p className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="webhook-turned-off">
                {t('webhooks.turnedOff')}
              </p>
            ) : endpoint.failingSince ? (
              <p className="rounded-lg bg-amber-500/15 px-3 py-2 text-sm text-amber-800">
                {t('webhooks.failingSince', { date: when(endpoint.failingSince) })}
              </p>
            ) : null}
            <ul className="flex flex-wrap gap-1.5" aria-label={t('webhooks.events')}>
              {endpoint.events.map((type) => (
                <li key={type} className="rounded-full bg-surface-muted px-2.5 py-1 font-mono text-xs">
                  {type}
                </li>
              ))}
            </ul>
            {endpoint.secret ? (
              <div className="space-y-1.5">
                <p className="flex items-center gap-1.5 text-sm font-medium">
                  <KeyRound aria-hidden className="size-4 text-ink-muted" />
                  {t('webhooks.secret')}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <code
                    className="min-w-0 flex-1 rounded-lg bg-surface-muted px-3 py-2 font-mono text-xs break-all"
                    data-testid="webhook-secret"
                  >
                    {shown[endpoint.id] ? endpoint.secret : `whsec_${'•'.repeat(10)}`}
                  </code>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setShown((all) => ({ ...all, [endpoint.id]: !all[endpoint.id] }))}
                    data-testid="webhook-reveal"
                  >
                    {shown[endpoint.id] ? (
                      <EyeOff aria-hidden className="size-4" />
                    ) : (
                      <Eye aria-hidden className="size-4" />
                    )}
                    {t(shown[endpoint.id] ? 'webhooks.hide' : 'webhooks.show')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => copy(endpoint.secret!)}
                    aria-label={t('webhooks.copySecret')}
                  >
                    <Copy aria-hidden className="size-4" />
                  </Button>
                </div>
                <p className="text-xs text-ink-muted">{t('webhooks.secretHint')}</p>
              </div>
            ) : null}
            {editable ? (
              <details className="group rounded-lg border border-line" data-testid="webhook-edit-events">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{t('webhooks.editEvents')}</summary>
                <changer.Form method="post" className="space-y-3 border-t border-line p-3" noValidate>
                  <input type="hidden" name="intent" value="events" />
                  <input type="hidden" name="endpointId" value={endpoint.id} />
                  <EventChoices chosen={endpoint.events} />
                  <Button type="submit" variant="secondary" size="sm" disabled={changer.state !== 'idle'}>
                    {t('webhooks.saveEvents')}
                  </Button>
                </changer.Form>
              </details>
            ) : null}
            {editable ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setPending({ kind: 'rotate', id: endpoint.id, url: endpoint.url })}
                  data-testid="webhook-rotate"
                >
                  <RotateCcw aria-hidden className="size-4" />
                  {t('webhooks.rotate')}
                </Button>
                <Button
                  variant="danger-ghost"
                  size="sm"
                  onClick={() => setPending({ kind: 'remove', id: endpoint.id, url: endpoint.url })}
                  data-testid="webhook-remove"
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t('webhooks.remove')}
                </Button>
              </div>
            ) : null}
          </section>
        ))
      )}
      {editable ? (
        <SettingsSection title={t('webhooks.add')} description={t('webhooks.addHint')}>
          <adder.Form key={formKey} method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="add" />
            <TextField
              label={t('webhooks.url')}
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://crm.example.com/hooks/afterglow"
              autoCapitalize="none"
              spellCheck={false}
              errors={(errors?.url ?? errors?.form)?.map((key) => t(key))}
            />
            <fieldset>
              <legend className="text-sm font-medium">{t('webhooks.events')}</legend>
              <div className="mt-2">
                <EventChoices chosen={WEBHOOK_EVENT_TYPES} />
              </div>
              {errors?.events ? (
                <p className="mt-1.5 text-sm text-danger">{errors.events.map((key) => t(key)).join(' ')}</p>
              ) : null}
            </fieldset>
            <Button type="submit" disabled={adder.state !== 'idle'} data-testid="add-webhook">
              {t('webhooks.addButton')}
            </Button>
          </adder.Form>
        </SettingsSection>
      ) : null}
      <SettingsSection title={t('webhooks.log.title')} description={t('webhooks.log.hint')}>
        {deliveries.length === 0 ? (
          <p className="text-sm text-ink-muted" data-testid="webhook-log-empty">
            {t('webhooks.log.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line" data-testid="webhook-log">
            {deliveries.map((delivery) => {
              const last = delivery.tries.at(-1)
              return (
                <li
                  key={delivery.id}
                  className="space-y-1.5 px-3 py-3 text-sm"
                  data-testid="webhook-delivery"
                  data-event={delivery.eventType}
                  data-state={delivery.state}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-xs font-semibold">{delivery.eventType}</span>
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATE_STYLE[delivery.state])}>
                      {t(`webhooks.log.states.${delivery.state}`)}
                    </span>
                    <span className="text-xs text-ink-muted">{when(delivery.createdAt)}</span>
                    {editable ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="ml-auto"
                        disabled={resender.state !== 'idle'}
                        onClick={() =>
                          resender.submit({ intent: 'resend', deliveryId: delivery.id }, { method: 'post' })
                        }
                        data-testid="webhook-resend"
                      >
                        <Send aria-hidden className="size-4" />
                        {t('webhooks.log.resend')}
                      </Button>
                    ) : null}
                  </div>
                  <p className="font-mono text-xs break-all text-ink-muted">{delivery.endpointUrl}</p>
                  <p className="text-xs text-ink-muted">
                    {t('webhooks.log.attempts', { count: delivery.attempts })}
                    {last
                      ? ` · ${last.status ? t('webhooks.log.status', { status: last.status }) : t('webhooks.log.noAnswer')} · ${t('webhooks.log.duration', { ms: last.durationMs })}`
                      : ''}
                    {delivery.state === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0
                      ? ` · ${t('webhooks.log.nextTry', { date: when(delivery.nextAttemptAt) })}`
                      : ''}
                  </p>
                  {delivery.tries.length > 0 ? (
                    <details className="text-xs">
                      <summary className="cursor-pointer text-ink-muted hover:text-ink">
                        {t('webhooks.log.tries')}
                      </summary>
                      <ol className="mt-1.5 space-y-1">
                        {delivery.tries.map((attempt, index) => (
                          <li key={index} className="font-mono break-all">
                            {when(attempt.attemptedAt)} · {attempt.status ?? '—'} · {attempt.durationMs} ms
                            {attempt.error ? ` · ${attempt.error}` : ''}
                          </li>
                        ))}
                      </ol>
                    </details>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
      </SettingsSection>
      <ConfirmDialog
        open={Boolean(pending)}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={t(pending?.kind === 'rotate' ? 'webhooks.rotateTitle' : 'webhooks.removeTitle')}
        description={t(pending?.kind === 'rotate' ? 'webhooks.rotateText' : 'webhooks.removeText', {
          url: pending?.url ?? '',
        })}
        confirmLabel={t(pending?.kind === 'rotate' ? 'webhooks.rotate' : 'webhooks.remove')}
        cancelLabel={t('common.cancel')}
        tone={pending?.kind === 'rotate' ? 'primary' : 'danger'}
        busy={confirmer.state !== 'idle'}
        onConfirm={() =>
          pending && confirmer.submit({ intent: pending.kind, endpointId: pending.id }, { method: 'post' })
        }
      />
    </SettingsPage>
  )
}

/** One checkbox per event type (`event:lead.created`), with what it means. */
function EventChoices({ chosen }: { chosen: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {WEBHOOK_EVENT_TYPES.map((type) => (
        // Catalog keys nest at dots: `lead.created` is looked up as `lead_created`.
        <label
          key={type}
          className="flex items-start gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent"
        >
          <input
            type="checkbox"
            name={`${EVENT_FIELD}${type}`}
            defaultChecked={chosen.includes(type)}
            className="mt-0.5 size-4 accent-[var(--color-accent)]"
          />
          <span>
            <span className="block font-mono text-xs">{type}</span>
            <span className="block text-xs text-ink-muted">{t(`webhooks.eventTypes.${type.replace('.', '_')}`)}</span>
          </span>
        </label>
      ))}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
