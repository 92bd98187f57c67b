import { ArrowLeft, MapPin } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useRouteError, isRouteErrorResponse, useParams } from 'react-router'
import { FilterTabs, MEDIA_TABS, readFilter } from '#app/features/public/components/filter-tabs'
import { JustifiedGrid } from '#app/features/public/components/media-grid'

const GalleryLightbox = lazy(() => import('#app/features/public/components/gallery-lightbox'))
import { PublicNotFound, PublicShell } from '#app/features/public/components/public-shell'
import { resolvePublicCompany, getPublicGallery } from '#app/features/public/server/public-pages.server'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/gallery'

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const { company, basePath } = await resolvePublicCompany(request, params.clientSlug)
    const { gallery, media } = await getPublicGallery(company, params.gallerySlug)
    const tab = readFilter(request, MEDIA_TABS)
    return { company, basePath, gallery, media, tab }
  } catch (error) {
    throw toHttpError(error)
  }
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Afterglow' }]
  const title = `${data.gallery.title} · ${data.company.name}`
  return [
    { title },
    { name: 'description', content: data.gallery.description ?? data.company.name },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'website' },
    ...(data.gallery.coverAssetId ? [{ property: 'og:image', content: `/p/${data.gallery.coverAssetId}/w1200.jpeg` }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

export default function PublicGallery({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { company, basePath, gallery, media, tab } = loaderData
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const shown = media.filter((item) => (tab === 'photos' ? item.mediaType === 'image' : tab === 'videos' ? item.mediaType === 'video' : true))
  return (
    <PublicShell company={company} basePath={basePath}>
      <section className="relative">
        {gallery.coverAssetId ? (
          <div className="absolute inset-0 overflow-hidden" aria-hidden>
            <img src={`/p/${gallery.coverAssetId}/w2400.webp`} srcSet={`/p/${gallery.coverAssetId}/w1200.webp 1200w, /p/${gallery.coverAssetId}/w2400.webp 2400w`} sizes="100vw" alt="" className="size-full object-cover opacity-50" />
            <div className="absolute inset-0 bg-gradient-to-t from-surface via-surface/60 to-transparent" />
          </div>
        ) : null}
        <div className="relative mx-auto max-w-6xl px-4 pt-10 pb-10 sm:px-6 sm:pt-24 sm:pb-14">
          <Link to={basePath || '/'} className="inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink">
            <ArrowLeft aria-hidden className="size-4" />
            {t('public.backToHome')}
          </Link>
          <h1 className="mt-4 text-3xl font-semibold tracking-tight sm:text-5xl">{gallery.title}</h1>
          <p className="mt-3 flex flex-wrap gap-x-4 text-ink-muted">
            {gallery.happenedOn ? <span>{new Date(`${gallery.happenedOn}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC', dateStyle: 'long' })}</span> : null}
            {gallery.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="size-4" />
                {gallery.location}
              </span>
            ) : null}
          </p>
          {gallery.description ? <p className="mt-4 max-w-2xl text-ink-muted">{gallery.description}</p> : null}
        </div>
      </section>
      <div className="sticky top-14 z-10 border-y border-line/60 bg-surface/85 backdrop-blur">
        <FilterTabs names={MEDIA_TABS} current={tab} className="mx-auto flex max-w-6xl gap-1 px-4 py-2 text-sm sm:px-6" />
      </div>
      <section className="mx-auto max-w-6xl px-1 py-4 sm:px-6 sm:py-8" aria-label={gallery.title}>
        {shown.length === 0 ? <p className="rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">{t('public.gallery.empty')}</p> : <JustifiedGrid media={shown} onOpen={setOpenIndex} />}
        {openIndex !== null ? (
          <Suspense fallback={null}>
            <GalleryLightbox media={shown} index={openIndex} onClose={() => setOpenIndex(null)} labels={{ Previous: t('public.lightbox.previous'), Next: t('public.lightbox.next'), Close: t('public.lightbox.close'), 'Zoom in': t('public.lightbox.zoomIn'), 'Zoom out': t('public.lightbox.zoomOut'), Lightbox: t('public.lightbox.label'), Carousel: t('public.lightbox.label'), Slide: t('public.lightbox.slide') }} />
          </Suspense>
        ) : null}
      </section>
    </PublicShell>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const params = useParams()
  if (isRouteErrorResponse(error) && error.status === 404) return <PublicNotFound messageKey="public.notFound.gallery" backTo={params.clientSlug ? `/${params.clientSlug}` : '/'} />
  throw error
}
