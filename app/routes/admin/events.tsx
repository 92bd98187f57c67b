import { CalendarPlus, MapPin } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { EventStatusBadge } from '#app/features/events/components/event-status-badge'
import { formatWallClock } from '#app/lib/format-date'
import { listEvents } from '#app/features/events/server/list-events.server'
import { can } from '#app/features/members/permissions'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/events'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => {
  return { events: await listEvents(member), canManage: can(member.actor.role, 'events.manage') }
})

export const meta: Route.MetaFunction = () => [{ title: 'Events · Afterglow' }]

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { events, canManage } = loaderData
  return (
    <div className={`${pageWidth('wide')} space-y-6`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('events.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{t('events.subtitle')}</p>
        </div>
        {canManage && events.length > 0 ? (
          <Link to="/admin/events/new" className={buttonClasses('primary')}>
            <CalendarPlus aria-hidden className="size-4" />
            {t('events.new')}
          </Link>
        ) : null}
      </div>
      {events.length === 0 ? (
        <section className="rounded-xl border border-dashed border-line bg-surface p-10 text-center">
          <CalendarPlus aria-hidden className="mx-auto size-8 text-accent" />
          <h2 className="mt-3 font-semibold">{t('events.empty.title')}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-ink-muted">{t('events.empty.text')}</p>
          {canManage ? (
            <Link to="/admin/events/new" className={buttonClasses('primary', 'md', 'mt-5')}>
              {t('events.createFirst')}
            </Link>
          ) : null}
        </section>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {events.map((item) => (
            <li key={item.id} data-testid="event-row">
              <Link
                to={`/admin/events/${item.id}`}
                className="flex flex-col gap-1 px-5 py-4 hover:bg-surface-muted sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-medium">{item.title}</span>
                    <EventStatusBadge status={item.status} />
                  </span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
                    {item.startsAt ? <span>{formatWallClock(item.startsAt, i18n.language)}</span> : null}
                    {item.venue || item.location ? (
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden className="size-3.5" />
                        {[item.venue, item.location].filter(Boolean).join(', ')}
                      </span>
                    ) : null}
                  </span>
                </span>
                <span className="text-sm text-ink-muted">{t('events.contentCount', { count: item.contentCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
