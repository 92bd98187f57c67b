import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { Form, Link, useSubmit } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { AUDIT_CATEGORIES, ZAuditFilters } from '#app/features/audit/audit.schema'
import { auditActionKey, type TAuditSubject } from '#app/features/audit/audit-subject'
import { listAuditEvents } from '#app/features/audit/server/list-audit-events.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/settings.audit'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams
  const filters = ZAuditFilters.parse({
    category: params.get('category') || undefined,
    actor: params.get('actor') || undefined,
  })
  const { events, people } = await listAuditEvents(member, filters)
  return { events, people, category: filters.category ?? '', actor: filters.actor ?? '' }
})

export const meta: Route.MetaFunction = () => [{ title: 'Audit log · Afterglow' }]

const SELECT = 'h-9 w-full min-w-0 rounded-[var(--radius-ui)] border border-line bg-surface px-2 sm:w-auto'

function Subject({ subject }: { subject: TAuditSubject }) {
  const { t } = useTranslation()
  if (!subject) return <span className="text-ink-muted">—</span>
  const label = subject.text ?? (subject.labelKey ? t(subject.labelKey) : '')
  if (subject.kind === 'link') {
    return (
      <Link to={subject.href} className="text-accent underline-offset-2 hover:underline">
        {label}
      </Link>
    )
  }
  return <span className="text-ink-muted">{label}</span>
}

function ActionName({ action, category }: { action: string; category: string }) {
  const { t } = useTranslation()
  const key = auditActionKey(action)
  return (
    <span className="block min-w-0">
      <span className="block font-medium">{key ? t(key) : action}</span>
      <span className="block text-xs text-ink-muted">{t(`audit.categories.${category}`)}</span>
    </span>
  )
}

function Who({ name, email, action }: { name: string | null; email: string | null; action: string }) {
  const { t } = useTranslation()
  // A key's requests have no person behind them: the key is the actor.
  if (action === 'api-key.use') return <span className="block text-ink-muted">{t('audit.apiKey')}</span>
  if (!name && !email) return <span className="block text-ink-muted">{t('audit.visitor')}</span>
  return (
    <span className="block min-w-0 break-words">
      <span className="block">{name || email}</span>
      {name && email ? <span className="block text-xs text-ink-muted">{email}</span> : null}
    </span>
  )
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const { dateTime: when } = useDateFormat()
  return (
    <div className={`${pageWidth('wide')} space-y-6`}>
      <div>
        <Link to="/admin/settings" className="text-sm text-ink-muted hover:text-ink">
          ← {t('settings.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('audit.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('audit.subtitle')}</p>
      </div>
      <Form
        method="get"
        onChange={(event) => void submit(event.currentTarget)}
        className="grid gap-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-6"
      >
        <label className="grid gap-1 text-sm sm:flex sm:items-center sm:gap-2">
          {t('audit.filter')}
          <select name="category" defaultValue={loaderData.category} className={SELECT}>
            <option value="">{t('audit.all')}</option>
            {AUDIT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`audit.categories.${category}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm sm:flex sm:items-center sm:gap-2">
          {t('audit.person')}
          <select name="actor" defaultValue={loaderData.actor} className={SELECT}>
            <option value="">{t('audit.everyone')}</option>
            {loaderData.people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name || person.email}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit">{t('audit.apply')}</button>
        </noscript>
      </Form>
      {loaderData.events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface p-8 text-center text-sm text-ink-muted">
          {t('audit.empty')}
        </p>
      ) : (
        <>
          <div className="hidden md:block">
            <Table label={t('audit.title')} density="compact">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('audit.when')}</TableHead>
                  <TableHead>{t('audit.action')}</TableHead>
                  <TableHead>{t('audit.who')}</TableHead>
                  <TableHead>{t('audit.what')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {loaderData.events.map((event) => (
                  <TableRow key={event.id} data-testid="audit-row">
                    <TableCell className="whitespace-nowrap tabular-nums">{when(event.createdAt)}</TableCell>
                    <TableCell>
                      <ActionName action={event.action} category={event.category} />
                    </TableCell>
                    <TableCell>
                      <Who name={event.actorName} email={event.actorEmail} action={event.action} />
                    </TableCell>
                    <TableCell>
                      <Subject subject={event.subject} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {/* Phones: one card per entry, nothing to scroll sideways. */}
          <ul className="grid gap-3 md:hidden" aria-label={t('audit.title')}>
            {loaderData.events.map((event) => (
              <li
                key={event.id}
                data-testid="audit-card"
                className="space-y-2 rounded-xl border border-line bg-surface p-4 text-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <ActionName action={event.action} category={event.category} />
                  <span className="shrink-0 text-xs text-ink-muted tabular-nums">{when(event.createdAt)}</span>
                </div>
                <Who name={event.actorName} email={event.actorEmail} action={event.action} />
                {event.subject ? (
                  <p>
                    <Subject subject={event.subject} />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
