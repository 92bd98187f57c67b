import { Images, Plus, Search, FileUp } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { Form, Link, useSubmit } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { CONTENT_KINDS, CONTENT_STATUSES, ZContentFilters } from '#app/features/content/content.schema'
import { StatusBadge } from '#app/features/content/components/status-badge'
import { listContent } from '#app/features/content/server/list-content.server'
import { withMember } from '#app/lib/member-route.server'
import type { Route } from './+types/content'

export const loader = withMember('content.read', async (member, { request }: Route.LoaderArgs) => {
  const filters = ZContentFilters.parse(Object.fromEntries(new URL(request.url).searchParams))
  return { items: await listContent(member, filters), filters }
})

export const meta: Route.MetaFunction = () => [{ title: 'Highlights · Afterglow' }]

export default function Highlights({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const submit = useSubmit()
  const { items, filters } = loaderData
  const isFiltered = Boolean(filters.q || filters.status || filters.kind)
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <div className="mx-auto max-w-6xl space-y-6">
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

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_180px_180px]" onChange={(event) => void submit(event.currentTarget, { replace: true })}>
        <label className="relative block">
          <span className="sr-only">{t('content.search')}</span>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
          <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder={t('content.search')} className="h-10 w-full rounded-[var(--radius-ui)] border border-line bg-surface pr-3 pl-9 text-sm" />
        </label>
        <select name="status" defaultValue={filters.status ?? ''} aria-label={t('content.status')} className="h-10 rounded-[var(--radius-ui)] border border-line bg-surface px-3 text-sm">
          <option value="">{t('content.allStatuses')}</option>
          {CONTENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`content.statuses.${status}`)}
            </option>
          ))}
        </select>
        <select name="kind" defaultValue={filters.kind ?? ''} aria-label={t('content.type')} className="h-10 rounded-[var(--radius-ui)] border border-line bg-surface px-3 text-sm">
          <option value="">{t('content.allTypes')}</option>
          {CONTENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`content.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </Form>

      {items.length === 0 ? (
        <section className="rounded-xl border border-dashed border-line bg-surface p-10 text-center">
          <Images aria-hidden className="mx-auto size-8 text-accent" />
          <h2 className="mt-3 font-semibold">{isFiltered ? t('content.noMatches') : t('content.empty.title')}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-ink-muted">{isFiltered ? t('content.noMatchesText') : t('content.empty.text')}</p>
        </section>
      ) : (
        <Table label={t('content.title')} className="min-w-[720px]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('content.columns.title')}</TableHead>
              <TableHead>{t('content.type')}</TableHead>
              <TableHead>{t('content.status')}</TableHead>
              <TableHead numeric>{t('content.columns.media')}</TableHead>
              <TableHead numeric>{t('content.columns.views')}</TableHead>
              <TableHead numeric>{t('content.columns.downloads')}</TableHead>
              <TableHead numeric>{t('content.columns.comments')}</TableHead>
              <TableHead>{t('content.columns.updated')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} className="hover:bg-surface-muted" data-testid="content-row">
                <TableCell>
                  <Link to={`/admin/content/${item.id}`} className="font-medium hover:underline">
                    {item.title}
                  </Link>
                  {item.category ? <span className="block text-xs text-ink-muted">{item.category}</span> : null}
                </TableCell>
                <TableCell>{t(`content.kinds.${item.kind}`)}</TableCell>
                <TableCell>
                  <StatusBadge status={item.status} />
                </TableCell>
                <TableCell numeric>{number.format(item.mediaCount)}</TableCell>
                <TableCell numeric>{number.format(item.viewCount)}</TableCell>
                <TableCell numeric>{number.format(item.downloadCount)}</TableCell>
                <TableCell numeric>{number.format(item.commentCount)}</TableCell>
                <TableCell className="whitespace-nowrap text-ink-muted">{new Date(item.updatedAt).toLocaleDateString(i18n.language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
