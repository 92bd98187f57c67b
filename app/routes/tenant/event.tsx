import { CalendarDays, MapPin } from 'lucide-react'
import { installMetaOf } from '#app/features/public/install-links'
import { useTranslation } from '#app/lib/react-i18n'
import { data, Link } from 'react-router'
import { formatWallClock } from '#app/lib/format-date'
import { CoverHero } from '#app/features/companies/landing/components/cover-hero'
import { EVENT_FILTERS, FilterTabs, readFilter } from '#app/features/public/components/filter-tabs'
import { PublicErrorBoundary, PublicShell } from '#app/features/public/components/public-shell'
import { loadPublicEvent } from '#app/features/events/server/load-public-event.server'
import { FindMeEventInvite } from '#app/features/faces/components/find-me-event-invite'
import { findEventFindMeGalleries } from '#app/features/faces/server/find-event-find-me-galleries.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { DownloadButton } from '#app/features/galleries/downloads/components/download-button'
import { webDownloadContentsOf } from '#app/features/galleries/downloads/web-download-contents'
import { getRequestT } from '#app/lib/i18n.server'
import { contentDownloadPath } from '#app/features/galleries/downloads/downloads'
import { getDownloadOffers } from '#app/features/galleries/downloads/server/get-download-offers.server'
import { ShowMore } from '#app/features/galleries/fans/components/show-more'
import { EVENT_ITEMS_AT_ONCE, eventBatchFrom } from '#app/features/public/page-batches'
import { toHttpError } from '#app/lib/errors'
import { visitOf } from '#app/access/visit.server'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import { formatBytes } from '#app/lib/format-bytes'
import { changesAtHeaders, changesAtOf } from '#app/lib/page-changes-at'
import { useFanTracking } from '#app/features/analytics/use-fan-tracking'
import type { Route } from './+types/event'

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    // "Show more" asks for more of the event's galleries and content (?items=48).
    const page = await loadPublicEvent(context, {
      eventSlug: params.eventSlug,
      filter: readFilter(request.url, EVENT_FILTERS),
      ...eventBatchFrom(new URL(request.url).searchParams),
    })
    const findMe = await findEventFindMeGalleries(context, page.event.id)
    const downloads = await getDownloadOffers(
      context,
      page.items.map((item) => item.id),
    )
    const share = await buildShareCard(
      visit,
      {
        kind: 'event',
        id: page.event.id,
        company: page.company,
        path: `/evento/${params.eventSlug}`,
        title: page.event.title,
        description: page.event.description,
      },
      context,
    )
    const { nextEnd, ...shown } = page
    const t = getRequestT(request)
    // What each gallery's web-size ZIP holds, in the fan's words (as gallery.tsx says it).
    const downloadContents = Object.fromEntries(
      page.items.flatMap((item) => {
        const said = item.kind === 'gallery' ? webDownloadContentsOf(downloads.items[item.id], t) : null
        return said ? [[item.id, said]] : []
      }),
    )
    return data(
      {
        ...shown,
        findMe,
        downloads,
        downloadContents,
        share,
        meta: [
          ...shareMeta(share, { documentTitle: `${page.event.title} · ${page.company.name}` }),
          ...installMetaOf(context),
        ],
      },
      // A gallery it lists ends then: the page is kept no longer.
      { headers: changesAtHeaders([nextEnd]) },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => changesAtOf(loaderHeaders)

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [{ title: 'Afterglow' }]

export default function PublicEvent({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { company, basePath, event, items, files, itemsHidden, filter, downloads, downloadContents, share, findMe } =
    loaderData
  useFanTracking({ companyId: company.id, page: 'event', eventId: event.id })
  return (
    <PublicShell company={company} basePath={basePath}>
      <CoverHero
        coverAssetId={event.coverAssetId ?? items.find((item) => item.coverAssetId)?.coverAssetId ?? null}
        coverStyle={company.template.cover}
        homePath={basePath}
        share={share}
        title={event.title}
        className="sm:pt-20"
      >
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-ink-muted">
          {event.startsAt ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden className="size-4" />
              {formatWallClock(event.startsAt, i18n.language)}
            </span>
          ) : null}
          {event.venue || event.location ? (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-4" />
              {[event.venue, event.location].filter(Boolean).join(', ')}
            </span>
          ) : null}
          {event.isFree ? <span>{t('public.event.free')}</span> : null}
          {event.spots ? (
            <span>
              {t('public.event.spots', {
                count: event.spots,
                spots: new Intl.NumberFormat(i18n.language).format(event.spots),
              })}
            </span>
          ) : null}
        </p>
        {event.description ? <p className="mt-4 max-w-2xl text-ink-muted">{event.description}</p> : null}
      </CoverHero>
      <FindMeEventInvite basePath={basePath} galleries={findMe} />
      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6" aria-labelledby="event-content">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="event-content" className="text-2xl font-semibold">
            {t('public.event.content')}
          </h2>
          <FilterTabs
            names={EVENT_FILTERS}
            current={filter}
            counts={files}
            className="flex rounded-full border border-line p-1 text-sm"
          />
        </div>
        {items.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">
            {t('public.event.empty')}
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id} data-testid="event-item">
                <div className="aspect-[3/2] overflow-hidden rounded-xl bg-surface-muted">
                  {item.coverAssetId ? (
                    <img
                      src={`/p/${item.coverAssetId}/w1200.webp`}
                      srcSet={`/p/${item.coverAssetId}/w400.webp 400w, /p/${item.coverAssetId}/w1200.webp 1200w`}
                      sizes="(max-width: 640px) 100vw, 400px"
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : null}
                </div>
                <h3 className="mt-3 text-lg font-semibold">{item.title}</h3>
                <p className="text-sm text-ink-muted">
                  {[
                    item.photos ? t('public.counts.photos', { count: item.photos }) : null,
                    item.videos ? t('public.counts.videos', { count: item.videos }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {item.kind === 'gallery' && item.slug ? (
                  <Link
                    to={`${basePath}/galeria/${item.slug}`}
                    className="mt-2 block w-fit text-sm font-medium text-accent hover:underline"
                  >
                    {t('public.event.viewGallery')}
                  </Link>
                ) : null}
                {item.kind === 'single' ? (
                  <Link
                    to={`${basePath}/player/${item.id}`}
                    className="mt-2 block w-fit text-sm font-medium text-accent hover:underline"
                  >
                    {t('public.event.openContent')}
                  </Link>
                ) : null}
                {downloads.items[item.id] ? (
                  <DownloadButton
                    href={contentDownloadPath(item.id)}
                    leadRequired={downloads.items[item.id].requireLead}
                    companyName={company.name}
                    privacyHref={downloads.privacyHref}
                    label={t('downloads.withSize', {
                      label: item.kind === 'gallery' ? t('downloads.all') : t('downloads.action'),
                      size: formatBytes(downloads.items[item.id].sizeBytes, i18n.language),
                    })}
                    variant="secondary"
                    size="sm"
                    className="mt-3 w-full sm:w-auto"
                  >
                    {item.kind === 'gallery' ? t('downloads.all') : t('downloads.action')}
                    <span className="font-normal text-ink-muted">
                      · {formatBytes(downloads.items[item.id].sizeBytes, i18n.language)}
                    </span>
                  </DownloadButton>
                ) : null}
                {downloadContents[item.id] ? (
                  <p className="mt-1 text-sm text-ink-muted">{downloadContents[item.id]}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <ShowMore
          param="items"
          shown={items.length}
          atOnce={EVENT_ITEMS_AT_ONCE}
          hidden={itemsHidden}
          label={t('public.showMore.items')}
          testId="more-items"
        />
      </section>
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="event" />
}
