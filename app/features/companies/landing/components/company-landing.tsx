import { ArrowUpRight, CalendarDays, Info, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { formatDay, formatWallClock } from '#app/lib/format-date'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import type { ShareCard } from '#app/features/sharing/share-meta'
import type { SocialNetwork } from '#app/features/companies/company-settings.schema'
import type { getCompanyLanding } from '#app/features/companies/landing/server/get-company-landing.server'
import type { PublicCompany } from '#app/access/context'
import { FileTypeIcon, fileKindOf } from '#app/features/galleries/fans/components/file-type'
import { FilterTabs, MEDIA_TABS } from '#app/features/public/components/filter-tabs'
import { ShowMore } from '#app/features/galleries/fans/components/show-more'
import { srcSetOf } from '#app/features/galleries/fans/tiles-markup'
import { LANDING_EVENTS_AT_ONCE, LANDING_GALLERIES_AT_ONCE } from '#app/features/public/page-batches'
import { PublicShell } from '#app/features/public/components/public-shell'
import { SocialLinks } from './social-links'

// When its next gallery ends is for the page cache (the route's header), not for the view.
type LandingContent = Omit<Awaited<ReturnType<typeof getCompanyLanding>>, 'nextEnd'>

export type CompanyLandingData = LandingContent & {
  company: PublicCompany
  landing: {
    title: string
    description: string | null
    /** The company's description (its registration data), in the fan's language. */
    about: string | null
    displayMode: 'galleries' | 'events'
    /** The landing's call to action (tickets, merch), if the company set one. */
    promotionUrl: string | null
    website: string | null
    social: Array<{ network: SocialNetwork; url: string }>
    /** Where the company's professional subdomain will answer once it is set up. */
    pendingSubdomainUrl: string | null
    hero: { id: string; sources: Array<{ name: string; width: number }> } | null
  }
  tab: (typeof MEDIA_TABS)[number]
  basePath: string
}

const cardImage = (assetId: string) => ({
  src: `/p/${assetId}/w1200.webp`,
  srcSet: `/p/${assetId}/w400.webp 400w, /p/${assetId}/w1200.webp 1200w`,
  sizes: '(max-width: 640px) 100vw, 400px',
})

export function CompanyLandingView({
  company,
  landing,
  galleries,
  galleryCounts,
  galleriesHidden,
  events,
  eventsHidden,
  resources,
  tab,
  basePath,
  share,
}: CompanyLandingData & { share?: ShareCard }) {
  const { t } = useTranslation()
  const sections = {
    galleries: (
      <GalleriesSection
        key="galleries"
        galleries={galleries}
        galleryCounts={galleryCounts}
        galleriesHidden={galleriesHidden}
        tab={tab}
        basePath={basePath}
      />
    ),
    events: (
      <EventsSection
        key="events"
        events={events}
        eventsHidden={eventsHidden}
        resources={resources}
        basePath={basePath}
      />
    ),
  }
  return (
    <PublicShell
      company={company}
      basePath={basePath}
      about={
        <CompanyAbout
          companyName={company.name}
          text={landing.about}
          website={landing.website}
          social={landing.social}
        />
      }
    >
      {landing.pendingSubdomainUrl ? (
        <p
          className="border-b border-line/60 bg-surface-muted px-4 py-2.5 text-center text-sm text-ink-muted"
          data-testid="subdomain-banner"
        >
          <Info aria-hidden className="mr-1.5 inline size-4 -translate-y-px text-accent" />
          {t('public.landing.subdomainPending')}{' '}
          <a href={landing.pendingSubdomainUrl} className="font-medium break-all text-accent hover:underline">
            {landing.pendingSubdomainUrl.replace(/^https?:\/\//, '')}
          </a>
        </p>
      ) : null}
      <Hero company={company} landing={landing} share={share} />
      {landing.displayMode === 'events' ? [sections.events, sections.galleries] : [sections.galleries, sections.events]}
    </PublicShell>
  )
}

/** The top of the landing's footer: the company's own words and its profiles. */
function CompanyAbout({
  companyName,
  text,
  website,
  social,
}: {
  companyName: string
  text: string | null
  website: string | null
  social: Array<{ network: SocialNetwork; url: string }>
}) {
  const { t } = useTranslation()
  if (!text && !website && social.length === 0) return null
  return (
    <div
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-8 sm:flex-row sm:items-start sm:justify-between sm:px-6"
      data-testid="company-about"
    >
      {text ? <p className="max-w-2xl text-sm leading-relaxed whitespace-pre-line text-ink-muted">{text}</p> : <span />}
      <SocialLinks website={website} links={social} label={t('public.footer.social', { company: companyName })} />
    </div>
  )
}

const heroSources = (hero: NonNullable<CompanyLandingData['landing']['hero']>) => ({
  src: `/p/${hero.id}/${hero.sources.at(-1)!.name}.webp`,
  srcSet: srcSetOf(hero),
})

/** The company's glow when it has no hero image: its colours, softly. */
const GLOW =
  'radial-gradient(50% 60% at 20% 20%, color-mix(in srgb, var(--accent) 35%, transparent), transparent 70%), radial-gradient(40% 50% at 85% 70%, color-mix(in srgb, var(--brand-accent, var(--accent)) 22%, transparent), transparent 70%)'

/** The landing's top in the template's cover style: over the hero image, beside it, or text alone. */
function Hero({ company, landing, share }: Pick<CompanyLandingData, 'company' | 'landing'> & { share?: ShareCard }) {
  const hero = landing.hero
  const style = company.template.cover
  if (style === 'split') {
    return (
      // The image comes first in the HTML and is drawn second: shown whole (.whole-row), it never moves across as the words arrive.
      <section
        className="whole-row mx-auto grid w-full max-w-6xl items-center gap-8 px-4 pt-8 pb-10 sm:grid-cols-2 sm:px-6 sm:pt-14 sm:pb-14"
        data-testid="landing-hero"
        data-cover="split"
      >
        <div
          className="aspect-[4/3] overflow-hidden rounded-2xl bg-surface-muted sm:order-2"
          style={hero ? undefined : { background: GLOW }}
        >
          {hero ? (
            <img
              {...heroSources(hero)}
              sizes="(max-width: 640px) 100vw, 552px"
              alt=""
              fetchPriority="high"
              className="size-full object-cover"
            />
          ) : null}
        </div>
        <HeroText company={company} landing={landing} share={share} />
        <span hidden className="row-end" />
      </section>
    )
  }
  if (style === 'minimal') {
    return (
      <section className="border-b border-line/60" data-testid="landing-hero" data-cover="minimal">
        <div className="mx-auto w-full max-w-6xl px-4 pt-12 pb-10 sm:px-6 sm:pt-20 sm:pb-14">
          <HeroText company={company} landing={landing} share={share} />
        </div>
      </section>
    )
  }
  return (
    <section
      className="relative isolate flex min-h-[360px] items-end overflow-hidden sm:min-h-[480px]"
      data-testid="landing-hero"
      data-cover="full-bleed"
    >
      {hero ? (
        <img
          {...heroSources(hero)}
          sizes="100vw"
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover opacity-60"
        />
      ) : null}
      <div
        aria-hidden
        className="absolute inset-0 -z-10"
        style={{
          background: hero
            ? 'linear-gradient(to top, var(--surface) 0%, color-mix(in srgb, var(--surface) 55%, transparent) 45%, transparent 100%)'
            : GLOW,
        }}
      />
      <div className="mx-auto w-full max-w-6xl px-4 pt-16 pb-10 sm:px-6 sm:pb-14">
        <HeroText company={company} landing={landing} share={share} />
      </div>
    </section>
  )
}

function HeroText({
  company,
  landing,
  share,
}: Pick<CompanyLandingData, 'company' | 'landing'> & { share?: ShareCard }) {
  const { t } = useTranslation()
  return (
    <div className="min-w-0">
      {company.logo ? (
        <img
          src={company.logo}
          alt={company.name}
          width={64}
          height={64}
          className="mb-5 size-16 rounded-xl object-cover shadow-lg"
        />
      ) : null}
      {landing.title !== company.name ? (
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">{company.name}</p>
      ) : null}
      <h1 className="mt-2 max-w-4xl text-4xl leading-[1.05] font-semibold tracking-tight sm:text-6xl">
        {landing.title}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">{landing.description ?? t('public.landing.tagline')}</p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {landing.promotionUrl ? (
          <a
            href={landing.promotionUrl}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex h-10 items-center gap-2 rounded-full bg-accent px-5 text-sm font-semibold text-accent-foreground hover:brightness-110"
            data-testid="landing-promotion"
          >
            {t('public.landing.promotion')}
            <ArrowUpRight aria-hidden className="size-4" />
          </a>
        ) : null}
        {share ? <ShareMenu url={share.url} title={share.title} /> : null}
      </div>
    </div>
  )
}

function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </div>
  )
}

function GalleriesSection({
  galleries,
  galleryCounts,
  galleriesHidden,
  tab,
  basePath,
}: Pick<CompanyLandingData, 'galleries' | 'galleryCounts' | 'galleriesHidden' | 'tab' | 'basePath'>) {
  const { t, i18n } = useTranslation()
  return (
    <section
      id="galleries"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 pt-10 pb-12 sm:px-6"
      aria-labelledby="galleries-heading"
      data-testid="galleries-section"
    >
      <SectionHeading id="galleries-heading" title={t('public.landing.galleries')}>
        <FilterTabs
          names={MEDIA_TABS}
          current={tab}
          counts={{ photos: galleryCounts.photos, videos: galleryCounts.videos }}
          className="flex rounded-full border border-line p-1 text-sm"
        />
      </SectionHeading>
      {galleries.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">
          {t('public.landing.noGalleries')}
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {galleries.map((gallery) => (
            <li key={gallery.id}>
              <Link to={`${basePath}/galeria/${gallery.slug}`} className="group block" data-testid="gallery-card">
                <div className="aspect-[3/2] overflow-hidden rounded-xl bg-surface-muted">
                  {gallery.coverAssetId ? (
                    <img
                      {...cardImage(gallery.coverAssetId)}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                    />
                  ) : null}
                </div>
                <h3 className="mt-3 text-lg font-semibold">{gallery.title}</h3>
                <p className="text-sm text-ink-muted">
                  {[
                    gallery.happenedOn ? formatDay(gallery.happenedOn, i18n.language) : null,
                    t('public.counts.photos', { count: gallery.photos }),
                    gallery.videos ? t('public.counts.videos', { count: gallery.videos }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore
        param="galleries"
        shown={galleries.length}
        atOnce={LANDING_GALLERIES_AT_ONCE}
        hidden={galleriesHidden}
        label={t('public.showMore.galleries')}
        testId="more-galleries"
      />
    </section>
  )
}

function EventsSection({
  events,
  eventsHidden,
  resources,
  basePath,
}: Pick<CompanyLandingData, 'events' | 'eventsHidden' | 'resources' | 'basePath'>) {
  const { t, i18n } = useTranslation()
  return (
    <section
      id="events"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 pt-10 pb-12 sm:px-6"
      aria-labelledby="events-heading"
      data-testid="events-section"
    >
      <SectionHeading id="events-heading" title={t('public.landing.events')} />
      {events.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">
          {t('public.landing.noEvents')}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-xl border border-line">
          {events.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="event-row"
            >
              <div className="min-w-0">
                <Link to={`${basePath}/evento/${item.slug}`} className="font-semibold hover:underline">
                  {item.title}
                </Link>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
                  {item.startsAt ? (
                    <span className="inline-flex items-center gap-1">
                      <CalendarDays aria-hidden className="size-4" />
                      {formatWallClock(item.startsAt, i18n.language)}
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
              <p className="flex shrink-0 items-center gap-4 text-sm text-ink-muted">
                <span>
                  {[
                    item.isFree ? t('public.event.free') : null,
                    item.spots
                      ? t('public.event.spots', {
                          count: item.spots,
                          spots: new Intl.NumberFormat(i18n.language).format(item.spots),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <Link to={`${basePath}/evento/${item.slug}`} className="font-medium text-accent hover:underline">
                  {t('public.event.view')}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <ShowMore
        param="events"
        shown={events.length}
        atOnce={LANDING_EVENTS_AT_ONCE}
        hidden={eventsHidden}
        label={t('public.showMore.events')}
        testId="more-events"
      />
      {resources.length > 0 ? (
        <div className="mt-12" data-testid="general-resources">
          <h3 className="text-lg font-semibold">{t('public.landing.generalResources')}</h3>
          <p className="mt-1 text-sm text-ink-muted">{t('public.landing.generalResourcesHint')}</p>
          <ul className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {resources.map((item) => {
              const kind = fileKindOf(item.mediaType)
              return (
                <li key={item.id}>
                  <Link to={`${basePath}/player/${item.id}`} className="group block" data-testid="resource-card">
                    <div className="grid aspect-[4/3] place-items-center overflow-hidden rounded-xl bg-surface-muted text-ink-muted">
                      {item.coverAssetId ? (
                        <img
                          {...cardImage(item.coverAssetId)}
                          sizes="(max-width: 640px) 50vw, 300px"
                          alt=""
                          loading="lazy"
                          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                        />
                      ) : (
                        <FileTypeIcon kind={kind} className="size-10" />
                      )}
                    </div>
                    <p className="mt-2 line-clamp-2 font-medium">{item.title}</p>
                    <p className="text-xs text-ink-muted">{t(`public.fileTypes.${kind}`)}</p>
                  </Link>
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
