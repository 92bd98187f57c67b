import { BookOpen, Copy, KeyRound, Sparkles, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { SelectField, TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import {
  accessLevelOf,
  API_ACCESS_LEVELS,
  API_AREAS,
  ZApiKeyAction,
  ZCreateApiKey,
} from '#app/features/api/api-keys.schema'
import { createApiKey } from '#app/features/api/server/create-api-key.server'
import { listApiKeys } from '#app/features/api/server/list-api-keys.server'
import { revokeApiKey } from '#app/features/api/server/revoke-api-key.server'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import {
  actionInvalid,
  actionSuccess,
  revalidateUnlessUnchanged,
  useOutcomeToast,
  type ActionResult,
} from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { toast } from '#app/lib/toast'
import type { Route } from './+types/settings.api'

export const loader = withActor({ kind: 'person' }, (member) => listApiKeys(member))

/** The new key, in full: only in this answer, never in the page's data. */
type CreateResult = ActionResult & { created?: { id: string; name: string; key: string } }

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(request, ZApiKeyAction, {
    create: async (_, form) => {
      const parsed = ZCreateApiKey.safeParse(form)
      if (!parsed.success) return actionInvalid(parsed.error)
      const created = await createApiKey(member, parsed.data)
      return data<CreateResult>({
        ok: true,
        messageKey: 'apiKeys.toasts.created',
        created: { id: created.id, name: created.name, key: created.key },
      })
    },
    revoke: async ({ keyId }) => {
      await revokeApiKey(member, keyId)
      return actionSuccess('apiKeys.toasts.revoked')
    },
  }),
)

export const clientAction = resilientClientAction('errors.saveFailed', { revoke: 'errors.deleteFailed' })
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'API keys · Afterglow' }]

function NewKeyForm() {
  const { t } = useTranslation()
  const fetcher = useFetcher<CreateResult>()
  const formRef = useRef<HTMLFormElement>(null)
  useOutcomeToast(fetcher.data, () => formRef.current?.reset())
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : {}
  const created = fetcher.data?.ok ? fetcher.data.created : undefined
  const copy = (value: string) =>
    void navigator.clipboard?.writeText(value).then(() => toast.success(t('common.copied')))
  return (
    <SettingsSection title={t('apiKeys.create.title')} description={t('apiKeys.create.text')}>
      {created ? (
        <div
          role="status"
          className="space-y-2 rounded-lg border border-accent/40 bg-accent/10 p-4"
          data-testid="api-key-created"
        >
          <p className="font-medium">{t('apiKeys.created.title', { name: created.name })}</p>
          <p className="text-sm text-ink-muted">{t('apiKeys.created.text')}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 font-mono text-xs break-all"
              data-testid="api-key-secret"
            >
              {created.key}
            </code>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => copy(created.key)}
              data-testid="api-key-copy"
            >
              <Copy aria-hidden className="size-4" />
              {t('apiKeys.created.copy')}
            </Button>
          </div>
        </div>
      ) : null}
      <fetcher.Form ref={formRef} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <TextField
          label={t('apiKeys.create.name')}
          name="name"
          placeholder={t('apiKeys.create.namePlaceholder')}
          autoComplete="off"
          errors={errors.name?.map((key) => t(key))}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('apiKeys.create.access')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {API_AREAS.map((area) => (
              <SelectField
                key={area}
                label={t(`apiKeys.areas.${area}`)}
                name={area}
                defaultValue={area === 'content' ? 'write' : 'none'}
              >
                {API_ACCESS_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`apiKeys.levels.${level}`)}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          {errors.scopes ? <p className="text-sm text-danger">{t(errors.scopes[0])}</p> : null}
        </fieldset>
        <Button type="submit" disabled={fetcher.state !== 'idle'} data-testid="api-key-create">
          <KeyRound aria-hidden className="size-4" />
          {t('apiKeys.create.submit')}
        </Button>
      </fetcher.Form>
    </SettingsSection>
  )
}

type KeyRow = Route.ComponentProps['loaderData']['keys'][number]

function ApiKeyItem({ apiKey, canManage }: { apiKey: KeyRow; canManage: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const [confirming, setConfirming] = useState(false)
  useOutcomeToast(fetcher.data, () => setConfirming(false))
  const { dateTime: when } = useDateFormat()
  const revoked = Boolean(apiKey.revokedAt)
  return (
    <li
      className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid="api-key"
      data-revoked={revoked ? 'true' : 'false'}
    >
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs">{apiKey.prefix}…</code>
          {revoked ? (
            <span className="rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">
              {t('apiKeys.list.revoked')}
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap gap-1.5">
          {API_AREAS.map((area) => {
            const level = accessLevelOf(apiKey.scopes, area)
            return level === 'none' ? null : (
              <span key={area} className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">
                {t(`apiKeys.areas.${area}`)}: {t(`apiKeys.levels.${level}`)}
              </span>
            )
          })}
        </p>
        <p className="text-xs text-ink-muted" data-testid="api-key-last-used">
          {t('apiKeys.list.created', { date: when(apiKey.createdAt) })} ·{' '}
          {apiKey.lastUsedAt
            ? t('apiKeys.list.lastUsed', { date: when(apiKey.lastUsedAt) })
            : t('apiKeys.list.neverUsed')}
          {apiKey.revokedAt ? ` · ${t('apiKeys.list.revokedAt', { date: when(apiKey.revokedAt) })}` : ''}
        </p>
      </div>
      {canManage && !revoked ? (
        <Button
          variant="danger-ghost"
          size="sm"
          className="justify-self-start sm:justify-self-end"
          onClick={() => setConfirming(true)}
          data-testid="api-key-revoke"
        >
          <Trash2 aria-hidden className="size-4" />
          {t('apiKeys.revoke.action')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="danger"
        title={t('apiKeys.revoke.title', { name: apiKey.name })}
        description={t('apiKeys.revoke.text')}
        confirmLabel={t('apiKeys.revoke.confirm')}
        cancelLabel={t('common.cancel')}
        busy={fetcher.state !== 'idle'}
        onConfirm={() => fetcher.submit({ intent: 'revoke', keyId: apiKey.id }, { method: 'post' })}
      />
    </li>
  )
}

export default function ApiSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { allowed, canManage, keys } = loaderData
  return (
    <SettingsPage
      title={t('settings.sections.api.title')}
      subtitle={t('apiKeys.subtitle')}
      canEdit={canManage}
      actions={
        <a
          href="/docs/api"
          className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium whitespace-nowrap text-accent hover:underline"
          data-testid="api-docs-link"
        >
          <BookOpen aria-hidden className="size-4" />
          {t('apiKeys.docs')}
        </a>
      }
    >
      {allowed ? null : (
        <p className="flex items-start gap-2 rounded-xl bg-accent/10 px-4 py-3 text-sm" data-testid="api-upgrade">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            {t('apiKeys.plan')}{' '}
            <Link to="/admin/subscription" className="font-medium text-accent hover:underline">
              {t('settings.landingPage.seePlans')}
            </Link>
          </span>
        </p>
      )}
      {allowed && canManage ? <NewKeyForm /> : null}
      <section aria-labelledby="api-keys-heading" className="space-y-3">
        <h2 id="api-keys-heading" className="font-semibold">
          {t('apiKeys.list.title', { count: keys.length })}
        </h2>
        {keys.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">
            {t('apiKeys.list.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {keys.map((apiKey) => (
              <ApiKeyItem key={apiKey.id} apiKey={apiKey} canManage={canManage} />
            ))}
          </ul>
        )}
      </section>
    </SettingsPage>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
