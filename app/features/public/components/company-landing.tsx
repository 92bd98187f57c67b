import { CalendarDays, MapPin } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatEventDate } from '#app/features/events/components/event-status-badge'
import type { getCompanyLanding, PublicCompany } from '../server/public-pages.server'
import { FilterTabs, MEDIA_TABS } from './filter-tabs'
import { PublicShell } from './public-shell'

export type CompanyLandingData = Awaited<ReturnType<typeof getCompanyLanding>> & {
  company: PublicCompany
  tab: (typeof MEDIA_TABS)[number]
  basePath: string
}

export function CompanyLandingView({ company, galleries, events, tab, basePath }: CompanyLandingData) {
  const { t, i18n } = useTranslation()
  const shown = galleries.filter((gallery) => (tab === 'photos' ? gallery.photos > 0 : tab === 'videos' ? gallery.videos > 0 : true))
  return (
    <PublicShell company={company} basePath={basePath}>
      <section className="relative overflow-hidden">
        <div aria-hidden className="absolute inset-0" style={{ background: 'radial-gradient(50% 60% at 20% 20%, color-mix(in srgb, var(--accent) 35%, transparent), transparent 70%)' }} />
        <div className="relative mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20">
          <h1 className="text-4xl font-semibold tracking-tight sm:text-6xl">{company.name}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-muted">{t('public.landing.tagline')}</p>
        </div>
      </section>

      <section id="galleries" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6" aria-labelledby="galleries-heading">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="galleries-heading" className="text-2xl font-semibold">
            {t('public.landing.galleries')}
          </h2>
          <FilterTabs names={MEDIA_TABS} current={tab} className="flex rounded-full border border-line p-1 text-sm" />
        </div>
        {shown.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">{t('public.landing.noGalleries')}</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((gallery) => (
              <li key={gallery.id}>
                <Link to={`${basePath}/galeria/${gallery.slug}`} className="group block" data-testid="gallery-card">
                  <div className="aspect-[3/2] overflow-hidden rounded-xl bg-surface-muted">
                    {gallery.coverAssetId ? (
                      <img src={`/p/${gallery.coverAssetId}/w1200.webp`} srcSet={`/p/${gallery.coverAssetId}/w400.webp 400w, /p/${gallery.coverAssetId}/w1200.webp 1200w`} sizes="(max-width: 640px) 100vw, 400px" alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
                    ) : null}
                  </div>
                  <h3 className="mt-3 text-lg font-semibold">{gallery.title}</h3>
                  <p className="text-sm text-ink-muted">
                    {[gallery.happenedOn ? new Date(`${gallery.happenedOn}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC', dateStyle: 'medium' }) : null, t('public.counts.photos', { count: gallery.photos }), gallery.videos ? t('public.counts.videos', { count: gallery.videos }) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="events" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6" aria-labelledby="events-heading">
        <h2 id="events-heading" className="text-2xl font-semibold">
          {t('public.landing.events')}
        </h2>
        {events.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">{t('public.landing.noEvents')}</p>
        ) : (
          <ul className="mt-6 divide-y divide-line rounded-xl border border-line">
            {events.map((item) => (
              <li key={item.id} className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <Link to={`${basePath}/evento/${item.slug}`} className="font-semibold hover:underline">
                    {item.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-ink-muted">
                    {item.startsAt ? (
                      <span className="inline-flex items-center gap-1">
                        <CalendarDays aria-hidden className="size-4" />
                        {formatEventDate(item.startsAt, i18n.language)}
                      </span>
                    ) : null}
                    {item.venue || item.location ? (
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden className="size-4" />
                        {[item.venue, item.location].filter(Boolean).join(', ')}
                      </span>
                    ) : null}
                  </p>
                </div>
                <p className="flex items-center gap-4 text-sm text-ink-muted">
                  <span>{[item.isFree ? t('public.event.free') : null, item.spots ? t('public.event.spots', { count: item.spots }) : null].filter(Boolean).join(' · ')}</span>
                  <Link to={`${basePath}/evento/${item.slug}`} className="font-medium text-accent hover:underline">
                    {t('public.event.view')}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PublicShell>
  )
}

