import { FileUp, Images, LayoutGrid, List, Plus, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Form, Link, useSearchParams, useSubmit } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { LibraryCard, LibraryRow } from '#app/features/galleries/components/content-library'
import { LibraryBulkBar } from '#app/features/galleries/components/library-bulk-bar'
import {
  CONTENT_KINDS,
  CONTENT_SORTS,
  CONTENT_STATUSES,
  ZContentFilters,
  ZLibraryAction,
} from '#app/features/galleries/content.schema'
import { changeContentStatus } from '#app/features/galleries/server/change-content-status.server'
import { deleteContent } from '#app/features/galleries/server/delete-content.server'
import { listContent } from '#app/features/galleries/server/list-content.server'
import { moveContentToEvent } from '#app/features/galleries/server/move-content-to-event.server'
import { listEventOptions } from '#app/features/events/server/list-event-options.server'
import { can } from '#app/features/members/permissions'
import { actionSuccess, revalidateUnlessUnchanged } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { ListSearchInput, SearchTooLong } from '#app/components/search-too-long'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { useTranslation } from '#app/lib/react-i18n'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/content'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const filters = ZContentFilters.parse(Object.fromEntries(new URL(request.url).searchParams))
  const [items, events] = await Promise.all([listContent(member, filters), listEventOptions(member)])
  return { items, filters, events, canPublish: can(member.actor.role, 'content.publish') }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) =>
  intentAction(request, ZLibraryAction, {
    'bulk-status': async ({ ids, status }) => {
      await changeContentStatus(member, ids, status)
      return actionSuccess(`studio.library.bulk.done.${status}`)
    },
    'bulk-delete': async ({ ids }) => {
      await deleteContent(member, ids)
      return actionSuccess('studio.library.bulk.done.deleted')
    },
    'bulk-event': async ({ ids, eventId }) => {
      await moveContentToEvent(member, ids, eventId)
      return actionSuccess(eventId ? 'studio.library.bulk.done.attached' : 'studio.library.bulk.done.detached')
    },
  }),
)

// A bulk change that cannot reach the server (or fails there) is a toast, never the error screen.
export const clientAction = resilientClientAction('errors.updateFailed', { 'bulk-delete': 'errors.deleteFailed' })
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Highlights · Afterglow' }]

const selectClasses = 'h-10 min-w-0 rounded-[var(--radius-ui)] border border-line bg-surface px-3 text-sm'

export default function Highlights({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const [searchParams] = useSearchParams()
  const { items, filters, events, canPublish } = loaderData
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const view = filters.view ?? 'grid'
  const isFiltered = Boolean(filters.q || filters.status || filters.kind || filters.event)
  // What is no longer listed (deleted, filtered away) is no longer selected.
  useEffect(() => {
    setSelected((current) => {
      const listed = new Set(items.map((item) => item.id))
      const kept = [...current].filter((id) => listed.has(id))
      return kept.length === current.size ? current : new Set(kept)
    })
  }, [items])
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id))
  const viewHref = (next: 'grid' | 'list') => {
    const params = new URLSearchParams(searchParams)
    params.set('view', next)
    return `?${params}`
  }

  return (
    <div className={`${pageWidth('wide')} space-y-6`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('content.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{t('content.subtitle')}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/admin/content/new?kind=single" className={buttonClasses('secondary')}>
            <FileUp aria-hidden className="size-4" />
            {t('content.newSingle')}
          </Link>
          <Link to="/admin/content/new?kind=gallery" className={buttonClasses('primary')}>
            <Plus aria-hidden className="size-4" />
            {t('content.newGallery')}
          </Link>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-[1fr_repeat(4,minmax(0,160px))]"
        onChange={(event) => void submit(event.currentTarget, { replace: true })}
      >
        <input type="hidden" name="view" value={view} />
        <label className="relative col-span-2 block lg:col-span-1">
          <span className="sr-only">{t('content.search')}</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          />
          <ListSearchInput
            search={filters.q}
            placeholder={t('content.search')}
            className="h-10 w-full rounded-[var(--radius-ui)] border border-line bg-surface pr-3 pl-9 text-sm"
          />
        </label>
        <div className="col-span-2 empty:hidden lg:col-span-5">
          <SearchTooLong search={filters.q} />
        </div>
        <select
          name="status"
          defaultValue={filters.status ?? ''}
          aria-label={t('content.status')}
          className={selectClasses}
        >
          <option value="">{t('content.allStatuses')}</option>
          {CONTENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`content.statuses.${status}`)}
            </option>
          ))}
        </select>
        <select name="kind" defaultValue={filters.kind ?? ''} aria-label={t('content.type')} className={selectClasses}>
          <option value="">{t('content.allTypes')}</option>
          {CONTENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`content.kinds.${kind}`)}
            </option>
          ))}
        </select>
        <select
          name="event"
          defaultValue={filters.event ?? ''}
          aria-label={t('content.fields.event')}
          className={selectClasses}
        >
          <option value="">{t('studio.library.allEvents')}</option>
          <option value="none">{t('content.fields.noEvent')}</option>
          {events.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
        <select
          name="sort"
          defaultValue={filters.sort ?? 'updated'}
          aria-label={t('studio.library.sort')}
          className={selectClasses}
        >
          {CONTENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`studio.library.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </Form>

      {items.length === 0 ? (
        <section className="rounded-xl border border-dashed border-line bg-surface p-10 text-center">
          <Images aria-hidden className="mx-auto size-8 text-accent" />
          <h2 className="mt-3 font-semibold">{isFiltered ? t('content.noMatches') : t('content.empty.title')}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-ink-muted">
            {isFiltered ? t('content.noMatchesText') : t('content.empty.text')}
          </p>
        </section>
      ) : (
        <section aria-labelledby="library-heading" className="space-y-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="library-heading" className="text-sm text-ink-muted">
              {t('studio.library.count', { count: items.length })}
            </h2>
            <div className="flex items-center gap-1">
              <label className="mr-2 inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
                  className="size-4 accent-[var(--accent)]"
                />
                {t('studio.library.selectAll')}
              </label>
              <nav
                aria-label={t('studio.library.view')}
                className="flex rounded-[var(--radius-ui)] border border-line bg-surface p-0.5"
              >
                {(['grid', 'list'] as const).map((option) => {
                  const Icon = option === 'grid' ? LayoutGrid : List
                  return (
                    <Link
                      key={option}
                      to={viewHref(option)}
                      replace
                      preventScrollReset
                      aria-current={view === option ? 'page' : undefined}
                      title={t(`studio.library.views.${option}`)}
                      className={cn(
                        'grid size-9 place-items-center rounded-[calc(var(--radius-ui)-2px)]',
                        view === option ? 'bg-accent text-accent-foreground' : 'text-ink-muted hover:bg-surface-muted',
                      )}
                    >
                      <Icon aria-hidden className="size-4" />
                      <span className="sr-only">{t(`studio.library.views.${option}`)}</span>
                    </Link>
                  )
                })}
              </nav>
            </div>
          </div>
          {view === 'grid' ? (
            <ul
              className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
              aria-labelledby="library-heading"
            >
              {items.map((item) => (
                <LibraryCard key={item.id} item={item} selected={selected.has(item.id)} onToggle={toggle} selectable />
              ))}
            </ul>
          ) : (
            <ul
              className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
              aria-labelledby="library-heading"
            >
              {items.map((item) => (
                <LibraryRow key={item.id} item={item} selected={selected.has(item.id)} onToggle={toggle} selectable />
              ))}
            </ul>
          )}
        </section>
      )}
      {selected.size > 0 ? (
        <LibraryBulkBar
          ids={[...selected]}
          events={events}
          canPublish={canPublish}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
