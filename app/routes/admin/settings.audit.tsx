import { useTranslation } from '#app/lib/react-i18n'
import { Form, Link, useSubmit } from 'react-router'
import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { AUDIT_CATEGORIES, ZAuditCategory } from '#app/features/audit/audit.schema'
import { listAuditEvents } from '#app/features/audit/server/list-audit-events.server'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { requireMember } from '#app/lib/tenant.server'
import type { Route } from './+types/settings.audit'

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, 'audit.read')
  const category = ZAuditCategory.safeParse(new URL(request.url).searchParams.get('category'))
  const events = await listAuditEvents(member, category.success ? category.data : undefined)
  await recordAuditEvent({ category: 'company_sensitive_data_access', action: 'audit.read', companyId: member.company.id, actorUserId: member.user.id, tableName: 'audit_events' })
  return { events, category: category.success ? category.data : '' }
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log · Afterglow' }]

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const submit = useSubmit()
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <Link to="/admin/settings" className="text-sm text-ink-muted hover:text-ink">
          ← {t('settings.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('audit.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('audit.subtitle')}</p>
      </div>
      <Form method="get" onChange={(event) => void submit(event.currentTarget)}>
        <label className="flex items-center gap-2 text-sm">
          {t('audit.filter')}
          <select name="category" defaultValue={loaderData.category} className="h-9 rounded-[var(--radius-ui)] border border-line bg-surface px-2">
            <option value="">{t('audit.all')}</option>
            {AUDIT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`audit.categories.${category}`)}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit">{t('audit.apply')}</button>
        </noscript>
      </Form>
      {loaderData.events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface p-8 text-center text-sm text-ink-muted">{t('audit.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="border-b border-line text-xs text-ink-muted uppercase">
              <tr>
                <th className="px-4 py-3 font-medium">{t('audit.when')}</th>
                <th className="px-4 py-3 font-medium">{t('audit.category')}</th>
                <th className="px-4 py-3 font-medium">{t('audit.action')}</th>
                <th className="px-4 py-3 font-medium">{t('audit.who')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.events.map((event) => (
                <tr key={event.id} data-testid="audit-row">
                  <td className="px-4 py-2.5 whitespace-nowrap tabular-nums">{new Date(event.createdAt).toLocaleString(i18n.language)}</td>
                  <td className="px-4 py-2.5">{t(`audit.categories.${event.category}`)}</td>
                  <td className="px-4 py-2.5 font-mono text-xs">{event.action}</td>
                  <td className="px-4 py-2.5">{event.actorName ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
