import { useTranslation } from '#app/lib/react-i18n'
import { Form, Link, useSubmit } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { AUDIT_CATEGORIES, ZAuditCategory } from '#app/features/audit/audit.schema'
import { listAuditEvents } from '#app/features/audit/server/list-audit-events.server'
import { withMember } from '#app/lib/member-route.server'
import type { Route } from './+types/settings.audit'

export const loader = withMember('audit.read', async (member, { request }: Route.LoaderArgs) => {
  const category = ZAuditCategory.safeParse(new URL(request.url).searchParams.get('category'))
  const events = await listAuditEvents(member, category.success ? category.data : undefined)
  return { events, category: category.success ? category.data : '' }
})

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
        <Table label={t('audit.title')} density="compact" className="min-w-[640px]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('audit.when')}</TableHead>
              <TableHead>{t('audit.category')}</TableHead>
              <TableHead>{t('audit.action')}</TableHead>
              <TableHead>{t('audit.who')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loaderData.events.map((event) => (
              <TableRow key={event.id} data-testid="audit-row">
                <TableCell className="whitespace-nowrap tabular-nums">{new Date(event.createdAt).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{t(`audit.categories.${event.category}`)}</TableCell>
                <TableCell className="font-mono text-xs">{event.action}</TableCell>
                <TableCell>{event.actorName ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
