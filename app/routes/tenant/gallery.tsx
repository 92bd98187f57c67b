import { MapPin } from 'lucide-react'
import { installMetaOf } from '#app/features/public/install-links'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { CoverHero } from '#app/features/companies/landing/components/cover-hero'
import { FilterTabs, MEDIA_TABS, readFilter, visibleTabs } from '#app/features/public/components/filter-tabs'
import { MediaGrid } from '#app/features/galleries/fans/components/media-grid'
import { lazyRenderedOnServer } from '#app/lib/lazy-rendered-on-server'
import type { SetlistChaptersProps } from '#app/features/galleries/setlist/components/setlist-chapters'
import { PublicErrorBoundary, PublicShell } from '#app/features/public/components/public-shell'
import { readTogether } from '#app/access/context'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { loadPublicGallery } from '#app/features/galleries/fans/server/load-public-gallery.server'
import type { MoreState } from '#app/features/galleries/fans/components/more-pages'
import { useRefreshWhilePreparing } from '#app/features/galleries/fans/use-refresh-while-preparing'
import { DownloadButton } from '#app/features/galleries/downloads/components/download-button'
import { webDownloadContentsOf } from '#app/features/galleries/downloads/web-download-contents'
import { contentDownloadPath } from '#app/features/galleries/downloads/downloads'
import { formatBytes } from '#app/lib/format-bytes'
import { formatDay } from '#app/lib/format-date'
import { getRequestLanguage, getRequestT } from '#app/lib/i18n.server'
import { toHttpError } from '#app/lib/errors'
import { visitOf } from '#app/access/visit.server'
import { clientAddress } from '#app/lib/rate-limit.server'
import { data } from 'react-router'
import {
  guardGalleryAccess,
  guardGalleryDoor,
  type GalleryDoorRow,
} from '#app/features/galleries/protection/server/find-gallery-access.server'
import { protectedPageHeaders } from '#app/features/galleries/protection/protection-paths'
import { CommentsSection } from '#app/features/galleries/comments/components/comments-part'
import { revalidateAfterComment } from '#app/features/galleries/comments/revalidate-after-comment'
import { commentAnswer, commentRefusal } from '#app/features/galleries/comments/server/comment-answer.server'
import { issueCommentFormToken } from '#app/features/galleries/comments/server/comment-form-token.server'
import { findPublicComments } from '#app/features/galleries/comments/server/find-public-comments.server'
import { submitComment } from '#app/features/galleries/comments/server/submit-comment.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import { trackItemView, useFanTracking } from '#app/features/analytics/use-fan-tracking'
import { loadGalleryChapters } from '#app/features/galleries/setlist/server/load-gallery-chapters.server'
import type { Route } from './+types/gallery'
import { readForm } from '#app/lib/read-form.server'
import { knockOfRequest } from '#app/lib/refusal-door.server'
import { getLiveStart } from '#app/features/galleries/live/server/find-live-gallery.server'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import type { FindMeAreaProps } from '#app/features/faces/components/find-me-area'

const GalleryLightbox = lazy(() => import('#app/features/galleries/fans/components/gallery-lightbox'))
// Only galleries with Find me load it (ADR 103); its invitation is in the page's HTML either way.
const FindMeArea = lazyRenderedOnServer<FindMeAreaProps>(() => import('#app/features/faces/components/find-me-area'))
// Only galleries longer than one page need it.
const MorePages = lazy(() => import('#app/features/galleries/fans/components/more-pages'))
// Only live galleries load the live client (ADR 057).
const LiveDrop = lazy(() => import('#app/features/galleries/live/components/live-drop'))
// Only concert galleries with a set-list show it; its HTML comes with the page either way.
const SetlistChapters = lazyRenderedOnServer<SetlistChaptersProps>(() =>
  import('#app/features/galleries/setlist/components/setlist-chapters').then((module) => ({
    default: module.SetlistChapters,
  })),
)

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const { company, basePath } = context
    const tab = readFilter(request.url, MEDIA_TABS)
    const query = new URL(request.url).searchParams
    // Without JavaScript, "more photos" is a link to the same page starting after the last one shown.
    // The gallery's door, the gallery, its comments and its set list in one read-only transaction, not four.
    const { privacy, gallery, media, next, upcoming, preparing, downloads, comments, setlist } = await readTogether(
      context,
      async (together) => {
        // Behind a password or past its end: the gallery's door instead (ADR 059), judged on the
        // gallery's row as it is read, before its photos.
        let privacy: HeadersInit = {}
        const door = (row: GalleryDoorRow) =>
          void (privacy = guardGalleryDoor(together, visit, params.gallerySlug, row))
        // A set-list chapter (?chapter=3) shows that song's photos in place of the gallery's pages.
        const { setlist: stored, ...loaded } = await loadPublicGallery(together, {
          gallerySlug: params.gallerySlug,
          tab,
          after: query.get('after'),
          chapter: query.get('chapter'),
          door,
        })
        const comments = await findPublicComments(together, loaded.gallery.id, getRequestLanguage(request))
        const setlist = await loadGalleryChapters(
          together,
          { id: loaded.gallery.id, setlist: stored },
          query.get('chapter'),
        )
        return { ...loaded, privacy, comments, setlist }
      },
    )
    const share = await buildShareCard(
      visit,
      {
        kind: 'gallery',
        id: gallery.id,
        company,
        path: `/galeria/${params.gallerySlug}`,
        title: gallery.title,
        description: gallery.description,
      },
      context,
    )
    const live = gallery.liveMode ? await getLiveStart(context, params.gallerySlug) : null
    // The ZIP's size as the fan reads it, worked out here: the page's script does not carry the formatting.
    const offer = downloads.items[gallery.id]
    const downloadSize = offer ? formatBytes(offer.sizeBytes, getRequestLanguage(request)) : null
    const downloadContents = webDownloadContentsOf(offer, getRequestT(request))
    // The show's day as well (the page's script does not carry date formats either).
    const showDay = gallery.happenedOn ? formatDay(gallery.happenedOn, getRequestLanguage(request)) : null
    // What the further pages are of: a set-list song's (the chapter shown), else the tab's.
    const pagesOf = new URLSearchParams(
      setlist?.current ? { chapter: setlist.current.key } : tab === 'all' ? {} : { type: tab },
    ).toString()
    return data(
      {
        live,
        company,
        basePath,
        gallerySlug: params.gallerySlug,
        gallery: { ...gallery, findMe: gallery.findMe && context.entitlements.findMe },
        media,
        next,
        upcoming,
        pagesOf,
        setlist,
        preparing,
        tab,
        downloads,
        downloadSize,
        downloadContents,
        showDay,
        share,
        comments,
        commentToken: issueCommentFormToken(),
        meta: [...shareMeta(share, { documentTitle: `${gallery.title} · ${company.name}` }), ...installMetaOf(context)],
      },
      { headers: privacy },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

/** A fan's comment on the gallery, the page's only form (views are counted from fans' events by the analytics). */
export async function action({ params, request }: Route.ActionArgs) {
  try {
    const knock = knockOfRequest(request)
    const unread = commentRefusal(knock)
    if (unread) return unread
    const form = await readForm(request)
    const refused = commentRefusal(knock, form)
    if (refused) return refused
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    await guardGalleryAccess(context, visit, params.gallerySlug)
    return commentAnswer(await submitComment(context, visit, form, { clientAddress: clientAddress(request) }))
  } catch (error) {
    throw toHttpError(error)
  }
}

export const shouldRevalidate = revalidateAfterComment

/** A refused flood of comments tells the client when to come back; a protected gallery is never kept by a shared cache. */
export const headers = protectedPageHeaders

const NO_MORE: MoreState = { items: [], hasMore: true, loadMore: () => undefined }

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [{ title: 'Afterglow' }]

// Moving here from another page, the comments and a set-list's part arrive with the page's data, not after it.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), CommentsSection.preload()])
  if (loaded.setlist) await SetlistChapters.preload()
  if (loaded.gallery.findMe) await FindMeArea.preload()
  return loaded
}

export default function PublicGallery({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const {
    live,
    company,
    basePath,
    gallerySlug,
    gallery,
    media,
    next,
    upcoming,
    pagesOf,
    preparing,
    tab,
    downloads,
    downloadSize,
    downloadContents,
    showDay,
    share,
    comments,
    commentToken,
    setlist,
  } = loaderData
  const offer = downloads.items[gallery.id]
  const leadRequired = Boolean(offer?.requireLead)
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  // A photo's shared link (?foto=, see the viewer's share) opens the viewer on it, once: not again on another tab.
  useEffect(() => {
    const at = media.findIndex((item) => item.id === new URLSearchParams(location.search).get('foto'))
    if (at >= 0) setOpenIndex(at)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useFanTracking({ companyId: company.id, page: 'gallery', contentId: gallery.id })
  // What the further pages have shown (see MorePages); a new first page starts over.
  const [more, setMore] = useState<MoreState>(NO_MORE)
  useEffect(() => setMore(NO_MORE), [media])
  useRefreshWhilePreparing(preparing)
  const shown = more.items.length > 0 ? [...media, ...more.items] : media
  // The gallery's own photos: what a fan's Find me set stands in for while it is shown.
  const photos = (
    <>
      {visibleTabs(MEDIA_TABS, tab, { photos: gallery.photos, videos: gallery.videos }).length > 0 ? (
        <div className="sticky top-14 z-10 border-y border-line/60 bg-surface/85 backdrop-blur">
          <FilterTabs
            names={MEDIA_TABS}
            current={tab}
            counts={{ photos: gallery.photos, videos: gallery.videos }}
            className="mx-auto flex max-w-6xl gap-1 px-4 py-2 text-sm sm:px-6"
          />
        </div>
      ) : null}
      {setlist ? (
        <Suspense fallback={null}>
          <SetlistChapters
            setlist={setlist}
            galleryId={gallery.id}
            galleryTitle={gallery.title}
            shareUrl={share.url}
            download={offer ? { leadRequired, companyName: company.name, privacyHref: downloads.privacyHref } : null}
          />
        </Suspense>
      ) : null}
      <section className="mx-auto max-w-6xl px-1 py-4 sm:px-6 sm:py-8" aria-label={gallery.title}>
        {shown.length === 0 && preparing > 0 ? (
          <div
            role="status"
            className="rounded-xl border border-dashed border-line p-10 text-center"
            data-testid="gallery-preparing"
          >
            <span aria-hidden className="mx-auto mb-4 block size-3 rounded-full bg-accent motion-safe:animate-pulse" />
            <p className="text-lg font-semibold">{t('public.gallery.preparingTitle')}</p>
            <p className="mt-1 text-ink-muted">{t('public.gallery.preparing', { count: preparing })}</p>
          </div>
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">
            {t('public.gallery.empty')}
          </p>
        ) : (
          <MediaGrid media={media} template={company.template} onOpen={setOpenIndex} />
        )}
        {shown.length > 0 && preparing > 0 && !next ? (
          <p role="status" className="mt-6 text-center text-sm text-ink-muted">
            {t('public.gallery.preparingMore', { count: preparing })}
          </p>
        ) : null}
        {next ? (
          <Suspense fallback={null}>
            <MorePages
              key={next}
              next={next}
              upcoming={upcoming}
              template={company.template}
              pageUrl={`${basePath}/galeria/${gallerySlug}/fotos${pagesOf && `?${pagesOf}`}`}
              afterHref={(after) => `?${pagesOf && `${pagesOf}&`}${new URLSearchParams({ after })}`}
              startIndex={media.length}
              onOpen={setOpenIndex}
              onChange={setMore}
            />
          </Suspense>
        ) : null}
        {openIndex !== null ? (
          <Suspense fallback={null}>
            <GalleryLightbox
              media={shown}
              hasMore={Boolean(next) && more.hasMore !== false}
              onNearEnd={more.loadMore}
              index={openIndex}
              onClose={() => setOpenIndex(null)}
              onView={(assetId) => trackItemView(company.id, gallery.id, assetId)}
              like={{ companyId: company.id, contentId: gallery.id }}
              share={{ url: share.url, title: share.title }}
              download={
                offer ? { leadRequired, companyName: company.name, privacyHref: downloads.privacyHref } : undefined
              }
            />
          </Suspense>
        ) : null}
      </section>
    </>
  )
  return (
    <PublicShell company={company} basePath={basePath}>
      <CoverHero
        coverAssetId={gallery.coverAssetId}
        coverStyle={company.template.cover}
        homePath={basePath}
        share={share}
        title={gallery.title}
        className="sm:pt-24 sm:pb-14"
      >
        <p className="mt-3 flex flex-wrap gap-x-4 text-ink-muted">
          {showDay ? <span>{showDay}</span> : null}
          {gallery.location ? (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-4" />
              {gallery.location}
            </span>
          ) : null}
          {gallery.photos > 0 || gallery.videos > 0 ? (
            <span data-testid="gallery-counts">
              {[
                gallery.photos > 0 ? t('public.counts.photos', { count: gallery.photos }) : null,
                gallery.videos > 0 ? t('public.counts.videos', { count: gallery.videos }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </p>
        {gallery.description ? <p className="mt-4 max-w-2xl text-ink-muted">{gallery.description}</p> : null}
        {offer ? (
          <DownloadButton
            href={contentDownloadPath(gallery.id)}
            leadRequired={leadRequired}
            companyName={company.name}
            privacyHref={downloads.privacyHref}
            label={t('downloads.withSize', { label: t('downloads.all'), size: downloadSize })}
            size="lg"
            className="mt-6 w-full sm:w-auto"
          >
            {t('downloads.all')}
            <span className="font-normal">· {downloadSize}</span>
          </DownloadButton>
        ) : null}
        {downloadContents ? <p className="mt-2 text-sm text-ink-muted">{downloadContents}</p> : null}
      </CoverHero>
      {live ? (
        <Suspense fallback={null}>
          <LiveDrop
            streamUrl={`${basePath}/galeria/${gallerySlug}/live`}
            cursor={live.cursor}
            initial={live.photos}
            companyName={company.name}
            privacyHref={`${basePath}/privacidade`}
          />
        </Suspense>
      ) : null}
      <div className="pb-4">
        <CommentsSection
          contentId={gallery.id}
          comments={comments.comments}
          moderated={comments.moderated}
          companyName={company.name}
          formToken={commentToken}
          collapsible
        />
      </div>
      {gallery.findMe ? (
        <Suspense fallback={null}>
          <FindMeArea
            basePath={basePath}
            gallerySlug={gallerySlug}
            gallery={gallery}
            company={company}
            download={offer ? { leadRequired, privacyHref: downloads.privacyHref } : null}
          >
            {photos}
          </FindMeArea>
        </Suspense>
      ) : (
        photos
      )}
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="gallery" />
}
