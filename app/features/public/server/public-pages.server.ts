import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import { asset, assetRendition, companySlugRedirect, contentItem, event, organization } from '#db/schema'
import { getEntitlements, type Entitlements } from '#app/features/billing/entitlements'
import { companyVersionReadFor, KeptCompanyRows } from './company-version-read.server'
import {
  GALLERY_DOOR_COLUMNS,
  type GalleryDoorRow,
} from '#app/features/galleries/protection/server/find-gallery-access.server'
import { getDb, withoutSorting, withPublicRead, withTenant, type Transaction } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import type { Visit } from '#app/access/visit.server'
import type { CompanyAddress } from '#app/features/sharing/server/public-url.server'
import { brandingVariables, type BrandingVariables } from '#app/features/companies/branding'
import { DEFAULT_TEMPLATE, pageTemplateOf, type PageTemplate } from '#app/features/companies/page-template'
import { AppError } from '#app/lib/errors'
import { placeholderImageOf } from '#app/features/media/placeholder-image'
import { sharedSources, type RenditionSources } from '#app/features/galleries/fans/shared-sources'
import { sizeRunsOf } from '#app/features/galleries/fans/size-runs'
import { GALLERY_PAGE_SIZE, PAGES_HELD_AHEAD } from '#app/features/galleries/fans/gallery-paging'
import { EVENT_ITEMS_AT_ONCE, LANDING_EVENTS_AT_ONCE, LANDING_GALLERIES_AT_ONCE } from '../page-batches'
import { eventOrder } from '#app/features/events/server/event-order.server'
import { songOfChapter } from '#app/features/galleries/setlist/setlist'

/*
 * What fans may see: published galleries, content and events of one company. Reads run in the
 * database's public-read mode for that company (row-level security lets only published rows
 * through, migration 0007); the queries also say "published" so they read as what they mean.
 */

export type PublicCompany = {
  id: string
  name: string
  slug: string
  /** A same-origin image path, shown only when the plan includes custom branding. */
  logo: string | null
  /** CSS variables of the company's colours on its canvas; null without custom branding. */
  branding: BrandingVariables | null
  /** How its pages look: the company's template where the plan includes it, else the default. */
  template: PageTemplate
  /** Starter pages carry a small "Powered by Afterglow" badge; paid plans do not. */
  showPlatformBadge: boolean
  /** The platform's own site (pricing, contact, sign-in), which may be another host than this page's. */
  platformUrl: string
}

/** Where a fan goes back to from a page that does not exist: the company's home, else the platform's. */
export type NotFoundDetails = { home?: string; companyName?: string }

/**
 * A fan's request for one company's pages: the company as its pages show it, what its plan
 * allows, where its links start (`/{slug}` on the platform, '' on its own host), and the two
 * ways its use-cases reach the database.
 */
export type PublicContext = {
  company: PublicCompany
  entitlements: Entitlements
  basePath: string
  /** Where its pages live for everyone (link previews), read with the company. */
  address: CompanyAddress
  /** What fans see of the company moved when one of these did (migration 0008): a key for what is kept. */
  versions: { edits: number; media: number }
  /** Whether fans' new comments wait for the company's review (read with the company: one round trip fewer). */
  commentsModerated: boolean
  /** Fans' reads: only this company's published rows get through (row-level security). */
  read: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
  /** What a fan leaves with the company (a view, a download, their details), in its tenant fence. */
  record: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
}

/**
 * The company a fan's request is for: the one its host belongs to (subdomain mode), else the one
 * of the `/{clientSlug}` path.
 */
export async function resolvePublicCompany(
  visit: Pick<Visit, 'host' | 'path'>,
  clientSlug: string | undefined,
): Promise<PublicContext> {
  const onCompanyHost = visit.host.kind === 'company'
  if (onCompanyHost && clientSlug) throw new AppError('NOT_FOUND', 'public.notFound.page')
  const slug = visit.host.kind === 'company' ? visit.host.company?.slug : clientSlug
  // On an unknown subdomain the platform's home is on the platform's own host.
  const home = onCompanyHost ? `${getEnv().APP_URL}/` : '/'
  // A host of the platform's form that names no company: the page cannot tell whose it would be.
  if (!slug) throw new AppError('NOT_FOUND', 'public.notFound.unidentified', { home } satisfies NotFoundDetails)
  const lowerSlug = slug.toLowerCase()
  const row = keptRows.current(lowerSlug, companyVersionReadFor(lowerSlug)) ?? (await readCompanyRow(lowerSlug))
  if (!row) {
    if (!onCompanyHost) await redirectFormerSlug(lowerSlug, visit.path)
    throw new AppError('NOT_FOUND', 'public.notFound.company', { home } satisfies NotFoundDetails)
  }
  return publicContextOf(row, visit)
}

/** Companies' rows as last read, for renders whose page cache has just read the same versions (see company-version-read.server.ts). */
const keptRows = new KeptCompanyRows<PublicCompanyRow>()

async function readCompanyRow(slug: string) {
  const [row] = await getDb().select(PUBLIC_COMPANY_COLUMNS).from(organization).where(eq(organization.slug, slug))
  if (row) keptRows.keep(slug, row)
  return row
}

/** Links shared before a company changed its page address lead to the new one (permanently). */
async function redirectFormerSlug(slug: string, path: string | undefined) {
  const [moved] = await getDb()
    .select({ slug: organization.slug })
    .from(companySlugRedirect)
    .innerJoin(organization, eq(organization.id, companySlugRedirect.companyId))
    .where(eq(companySlugRedirect.oldSlug, slug))
  if (!moved) return
  const rest = path && path.toLowerCase().startsWith(`/${slug}`) ? path.slice(slug.length + 1) : ''
  throw new AppError('MOVED', 'public.moved', { location: `/${moved.slug}${rest}` })
}

/** The columns of `companies` a fans' page needs (join them where a query finds the company itself). */
export const PUBLIC_COMPANY_COLUMNS = {
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  logo: organization.logo,
  plan: organization.plan,
  planValidUntil: organization.planValidUntil,
  brandPrimaryColor: organization.brandPrimaryColor,
  brandAccentColor: organization.brandAccentColor,
  template: organization.template,
  publicVersion: organization.publicVersion,
  publicMediaVersion: organization.publicMediaVersion,
  suspendedAt: organization.suspendedAt,
  closedAt: organization.closedAt,
  subdomain: organization.subdomain,
  subdomainStatus: organization.subdomainStatus,
  commentsAutoApprove: organization.commentsAutoApprove,
}

type PublicCompanyRow = {
  id: string
  name: string
  slug: string
  logo: string | null
  plan: string
  planValidUntil: Date | null
  brandPrimaryColor: string | null
  brandAccentColor: string | null
  template: unknown
  publicVersion: number
  publicMediaVersion: number
  suspendedAt: Date | null
  closedAt: Date | null
  subdomain: string | null
  subdomainStatus: string | null
  commentsAutoApprove: boolean
}

/** Only paths on this site: the content policy would block other hosts anyway, and a stored URL is not trusted. */
function sameOriginImage(url: string | null) {
  return url && /^\/[^/\\]/.test(url) ? url : null
}

/** The fans' context of a company row, for a request that came to `visit.host`. */
export function publicContextOf(row: PublicCompanyRow, visit: Pick<Visit, 'host'>): PublicContext {
  // Closed by its admin: every page answers as for a company that does not exist (the database
  // lets none of its rows through to fans' reads that name no company, migration 0037).
  if (row.closedAt)
    throw new AppError('NOT_FOUND', 'public.notFound.company', {
      home: visit.host.kind === 'company' ? `${getEnv().APP_URL}/` : '/',
    } satisfies NotFoundDetails)
  // Suspended by the platform operator: every fans' page of the company says so, and nothing else.
  if (row.suspendedAt)
    throw new AppError('UNAVAILABLE', 'public.unavailable.title', {
      companyName: row.name,
      home: `${getEnv().APP_URL}/`,
    })
  const entitlements = getEntitlements(row)
  const branded = entitlements.customBranding
  const template = entitlements.customTemplate ? pageTemplateOf(row.template) : DEFAULT_TEMPLATE
  const company: PublicCompany = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: branded ? sameOriginImage(row.logo) : null,
    branding: branded
      ? brandingVariables({ primary: row.brandPrimaryColor, accent: row.brandAccentColor }, template.canvas)
      : null,
    template,
    showPlatformBadge: !branded,
    platformUrl: getEnv().APP_URL,
  }
  return {
    company,
    entitlements,
    basePath: visit.host.kind === 'company' ? '' : `/${company.slug}`,
    address: { slug: row.slug, subdomain: row.subdomain, subdomainStatus: row.subdomainStatus },
    versions: { edits: row.publicVersion, media: row.publicMediaVersion },
    commentsModerated: !row.commentsAutoApprove,
    read: (work) => withPublicRead(company.id, work),
    record: (work) => withTenant(company.id, work),
  }
}

/**
 * Several reads of one page in one read-only transaction: the use-cases `work` calls read through
 * the context it is given, which joins this transaction instead of opening one each (a begin,
 * its fence and a commit: three round trips to the database fewer per use-case).
 */
export function readTogether<T>(context: PublicContext, work: (context: PublicContext) => Promise<T>): Promise<T> {
  return context.read((tx) => work({ ...context, read: (inner) => inner(tx) }))
}

// Sub-selects are written out in full: drizzle's unqualified column names would bind to the inner table.
/**
 * The cover fans see: the chosen one, else the first photo or video that is ready (the editor
 * shows the same). Fans' reads of it run `withoutSorting` (see there).
 */
export const coverOf = sql<string | null>`coalesce(content_items.cover_asset_id, (
  select first.id from assets as first
  where first.content_item_id = content_items.id and first.processing_status = 'ready' and first.media_type in ('image', 'video')
  order by first.position limit 1))`

/** The media type of a single item's file (its newest one, should an old one linger). */
const fileTypeOf = sql<string | null>`(select file.media_type from assets as file
  where file.content_item_id = content_items.id and file.purpose = 'content-file'
  order by file.created_at desc limit 1)`

/** How many photos or videos an item shows, as the database keeps them (gallery_file_counts, migration 0040). */
const keptCount = (column: 'photos' | 'videos') =>
  sql<number>`coalesce((select counts.${sql.raw(column)} from gallery_file_counts as counts where counts.content_item_id = content_items.id), 0)`

/** How many audio files an item has: the kept counts hold photos and videos only (migration 0038's index serves this count). */
const audioFiles = sql<number>`(select count(*)::int from assets as files where files.content_item_id = content_items.id and files.media_type = 'audio')`

/**
 * What a company's landing lists: its newest published galleries (on `tab`) and events, the first
 * `galleriesShown` and `eventsShown` of them with how many more there are, the galleries' counts
 * per tab, and its general resources.
 */
export async function getCompanyLanding(
  { company, read }: PublicContext,
  options: { tab?: GalleryTab; galleriesShown?: number; eventsShown?: number } = {},
) {
  const { tab = 'all', galleriesShown = LANDING_GALLERIES_AT_ONCE, eventsShown = LANDING_EVENTS_AT_ONCE } = options
  const publishedGalleries = and(
    eq(contentItem.companyId, company.id),
    eq(contentItem.kind, 'gallery'),
    eq(contentItem.status, 'published'),
    sql`(${contentItem.expiresAt} is null or ${contentItem.expiresAt} > now())`,
  )
  const onTab = tab === 'all' ? undefined : sql`${keptCount(tab)} > 0`
  const publishedEvents = and(eq(event.companyId, company.id), eq(event.status, 'published'))
  // Each gallery's cover, where none was chosen its first photo: down its index, never its photos sorted.
  return read((tx) =>
    withoutSorting(tx, async () => {
      // The newest first; how many more follow comes from the tabs' counts.
      const galleries = await tx
        .select({
          id: contentItem.id,
          slug: contentItem.slug,
          title: contentItem.title,
          happenedOn: contentItem.happenedOn,
          location: contentItem.location,
          coverAssetId: coverOf,
          photos: keptCount('photos'),
          videos: keptCount('videos'),
        })
        .from(contentItem)
        .where(and(publishedGalleries, onTab))
        .orderBy(desc(contentItem.publishedAt), desc(contentItem.id))
        .limit(galleriesShown)
      // Counted by the database with each gallery's kept counts (migration 0045): one row however many.
      const [counted] = (
        await tx.execute(sql`select galleries, with_photos, with_videos from app_landing_gallery_counts(${company.id})`)
      ).rows as Array<{ galleries: number; with_photos: number; with_videos: number }>
      const galleryCounts = { all: counted.galleries, photos: counted.with_photos, videos: counted.with_videos }
      const events = await tx
        .select({
          id: event.id,
          slug: event.slug,
          title: event.title,
          startsAt: event.startsAt,
          venue: event.venue,
          location: event.location,
          isFree: event.isFree,
          spots: event.spots,
          coverAssetId: event.coverAssetId,
        })
        .from(event)
        .where(publishedEvents)
        .orderBy(desc(event.startsAt), desc(event.id))
        // One more than shown tells whether more follow: only then are they counted.
        .limit(eventsShown + 1)
      const [eventCount] =
        events.length > eventsShown
          ? await tx.select({ all: sql<number>`count(*)::int` }).from(event).where(publishedEvents)
          : [{ all: events.length }]
      // "General resources": single content that belongs to no event, opened in the player.
      const resources = await tx
        .select({
          id: contentItem.id,
          title: contentItem.title,
          happenedOn: contentItem.happenedOn,
          coverAssetId: coverOf,
          mediaType: fileTypeOf,
        })
        .from(contentItem)
        .where(
          and(
            eq(contentItem.companyId, company.id),
            eq(contentItem.kind, 'single'),
            eq(contentItem.status, 'published'),
            isNull(contentItem.eventId),
          ),
        )
        .orderBy(desc(contentItem.publishedAt))
      return {
        galleries,
        /** Published galleries in all, and those with photos, with videos (the tabs' counts). */
        galleryCounts,
        /** How many galleries on this tab are not shown yet. */
        galleriesHidden: galleryCounts[tab] - galleries.length,
        events: events.slice(0, eventsShown),
        eventsHidden: eventCount.all - Math.min(events.length, eventsShown),
        resources,
      }
    }),
  )
}

/**
 * A published event with its published galleries and single content in the company's order (on
 * `filter`: those with photos, videos or audio), the first `itemsShown` with how many more there
 * are, and the files of all of them per kind (the filter's counts).
 */
export async function getPublicEvent(
  { company, read }: PublicContext,
  eventSlug: string,
  options: { filter?: EventFilter; itemsShown?: number } = {},
) {
  const { filter = 'all', itemsShown = EVENT_ITEMS_AT_ONCE } = options
  // As on the landing: each gallery's cover found down its index.
  return read((tx) =>
    withoutSorting(tx, async () => {
      const [found] = await tx
        .select({
          id: event.id,
          title: event.title,
          description: event.description,
          startsAt: event.startsAt,
          venue: event.venue,
          location: event.location,
          isFree: event.isFree,
          spots: event.spots,
          coverAssetId: event.coverAssetId,
        })
        .from(event)
        .where(and(eq(event.companyId, company.id), eq(event.slug, eventSlug), eq(event.status, 'published')))
      if (!found)
        throw new AppError('NOT_FOUND', 'public.notFound.event', {
          companyName: company.name,
        } satisfies NotFoundDetails)
      const ofEvent = and(
        eq(contentItem.companyId, company.id),
        eq(contentItem.eventId, found.id),
        eq(contentItem.status, 'published'),
      )
      const withFiles = {
        photos: sql`${keptCount('photos')} > 0`,
        videos: sql`${keptCount('videos')} > 0`,
        audios: sql`${audioFiles} > 0`,
      }
      const items = await tx
        .select({
          id: contentItem.id,
          kind: contentItem.kind,
          slug: contentItem.slug,
          title: contentItem.title,
          coverAssetId: coverOf,
          photos: keptCount('photos'),
          videos: keptCount('videos'),
          audios: audioFiles,
        })
        .from(contentItem)
        .where(and(ofEvent, filter === 'all' ? undefined : withFiles[filter]))
        .orderBy(...eventOrder)
        .limit(itemsShown)
      const [totals] = await tx
        .select({
          photos: sql<number>`coalesce(sum(${keptCount('photos')}), 0)::int`,
          videos: sql<number>`coalesce(sum(${keptCount('videos')}), 0)::int`,
          audios: sql<number>`coalesce(sum(${audioFiles}), 0)::int`,
          onFilter:
            filter === 'all'
              ? sql<number>`count(*)::int`
              : sql<number>`(count(*) filter (where ${withFiles[filter]}))::int`,
        })
        .from(contentItem)
        .where(ofEvent)
      const { onFilter, ...files } = totals
      return { event: found, items, files, itemsHidden: onFilter - items.length }
    }),
  )
}

export type PublicMedia = {
  id: string
  mediaType: string
  mimeType: string
  title: string | null
  altText: string | null
  width: number
  height: number
  placeholder: string | null
  sources: RenditionSources
}

export type GalleryTab = 'all' | 'photos' | 'videos'
/** An event page's filter (EVENT_FILTERS). */
export type EventFilter = GalleryTab | 'audios'

/** Where a page of a gallery starts: after this file (position, then id: stable however files are added or removed). */
const CURSOR = /^(\d{1,9})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export function parseGalleryCursor(text: string | null) {
  const match = text ? CURSOR.exec(text) : null
  return match ? { position: Number(match[1]), id: match[2] } : null
}

const SHOWN_TYPES: Record<GalleryTab, string[]> = { all: ['image', 'video'], photos: ['image'], videos: ['video'] }

/**
 * A tab's media types written into the statement, not passed as values: each tab is then its own
 * prepared statement, and the plan PostgreSQL keeps for every call knows which types it reads. Kept
 * for any tab (a value it could not see), the plan of the videos tab walked the gallery's whole
 * order looking for its few videos instead of going down their own index.
 */
const shownTypes = (tab: GalleryTab) => sql.raw(SHOWN_TYPES[tab].map((type) => `'${type}'`).join(', '))

/**
 * The proportions of the pages after this one (PAGES_HELD_AHEAD of them), as runs of one size
 * (size-runs.ts), so the fan's browser can hold their space before they arrive (a fan who scrolls
 * faster than they load sees nothing move), and whether more follows them.
 */
export type UpcomingPage = { sizes: string; more: boolean }

/** The gallery's files fans see (on `tab`, after a cursor, of one set-list song): processed, with a size. */
export function shownFiles(
  galleryId: string,
  tab: GalleryTab,
  after: { position: number; id: string } | null,
  song?: number,
) {
  return and(
    eq(asset.contentItemId, galleryId),
    song === undefined ? undefined : eq(asset.setlistSong, song),
    eq(asset.processingStatus, 'ready'),
    sql`${asset.mediaType} in (${shownTypes(tab)})`,
    sql`${asset.width} is not null and ${asset.height} is not null`,
    after ? sql`(${asset.position}, ${asset.id}) > (${after.position}, ${after.id}::uuid)` : undefined,
  )
}

/** What fans are shown of each photo or video, wherever it appears (the grid, the live drop). */
export const FAN_MEDIA_COLUMNS = {
  id: asset.id,
  mediaType: asset.mediaType,
  mimeType: asset.mimeType,
  title: asset.title,
  altText: asset.altText,
  width: asset.width,
  height: asset.height,
  placeholder: asset.placeholder,
  placeholderImage: asset.placeholderImage,
  // Kept by the database from its renditions (migration 0044).
  sources: asset.webpSources,
}

/** What a fans' grid shows of each photo or video (see PublicMedia). */
const MEDIA_COLUMNS = { ...FAN_MEDIA_COLUMNS, position: asset.position }

function toPublicMedia(row: {
  id: string
  mediaType: string
  mimeType: string
  title: string | null
  altText: string | null
  width: number | null
  height: number | null
  placeholder: string | null
  placeholderImage: string | null
  sources: PublicMedia['sources']
}): PublicMedia {
  return {
    id: row.id,
    mediaType: row.mediaType,
    mimeType: row.mimeType,
    title: row.title,
    altText: row.altText,
    sources: sharedSources(row.sources),
    width: row.width!,
    height: row.height!,
    placeholder: placeholderImageOf(row),
  }
}

/** Which page of a gallery: its tab, the cursor of the last file shown, and a set-list song (a chapter: assets.setlist_song). */
export type GalleryPageOptions = { tab: GalleryTab; after: string | null; song?: number }

/**
 * A page of the gallery's files after `after`, down the index of the tab's (or the song's) order
 * to the page's end: read `withoutSorting`.
 */
export async function galleryPage(tx: Transaction, galleryId: string, options: GalleryPageOptions) {
  const after = parseGalleryCursor(options.after)
  const rows = await tx
    .select(MEDIA_COLUMNS)
    .from(asset)
    .where(shownFiles(galleryId, options.tab, after, options.song))
    .orderBy(asc(asset.position), asc(asset.id))
    .limit(GALLERY_PAGE_SIZE)
  const media = rows.map(toPublicMedia)
  const last = rows.length === GALLERY_PAGE_SIZE ? rows.at(-1)! : null
  if (!last) return { media, next: null, upcoming: null }
  // The sizes of the pages held ahead of this one, and one file more to tell whether another follows them.
  const ahead = GALLERY_PAGE_SIZE * PAGES_HELD_AHEAD
  const following = await tx
    .select({ width: asset.width, height: asset.height })
    .from(asset)
    .where(shownFiles(galleryId, options.tab, { position: last.position, id: last.id }, options.song))
    .orderBy(asc(asset.position), asc(asset.id))
    .limit(ahead + 1)
  if (following.length === 0) return { media, next: null, upcoming: null }
  const upcoming: UpcomingPage = {
    sizes: sizeRunsOf(following.slice(0, ahead).map((row) => [row.width!, row.height!])),
    more: following.length > ahead,
  }
  return { media, next: `${last.position}.${last.id}`, upcoming }
}

/**
 * A gallery's counts as the database keeps them (gallery_file_counts, migration 0040): its photos
 * and videos, and how many of those on `tab` are still being processed (see getPublicGallery).
 * Counting its files on each render read every one through its row-level check (10 ms for 5,000).
 * A gallery that never had a file has no row.
 */
const galleryCountsOf = (tab: GalleryTab) => {
  const preparing = {
    all: sql`counts.preparing_photos + counts.preparing_videos`,
    photos: sql`counts.preparing_photos`,
    videos: sql`counts.preparing_videos`,
  }[tab]
  return sql<{
    photos: number
    videos: number
    preparing: number
  } | null>`(select json_build_object('photos', counts.photos, 'videos', counts.videos, 'preparing', ${preparing})
    from gallery_file_counts as counts where counts.content_item_id = content_items.id)`
}

const NO_FILES = { photos: 0, videos: 0, preparing: 0 }

/** `columns` of the published gallery fans asked for; not found when there is none. */
async function findPublishedGallery<T extends SelectedFields>(
  tx: Transaction,
  company: PublicCompany,
  gallerySlug: string,
  columns: T,
) {
  const [found] = await tx
    .select(columns)
    .from(contentItem)
    .where(
      and(
        eq(contentItem.companyId, company.id),
        eq(contentItem.slug, gallerySlug),
        eq(contentItem.kind, 'gallery'),
        eq(contentItem.status, 'published'),
      ),
    )
  if (!found)
    throw new AppError('NOT_FOUND', 'public.notFound.gallery', { companyName: company.name } satisfies NotFoundDetails)
  return found
}

/** The gallery with what its page shows beside its photos, in one round trip. */
async function findGalleryForPage(tx: Transaction, company: PublicCompany, gallerySlug: string, tab: GalleryTab) {
  const { counts, passwordHash, expiresAt, pinHash, ...gallery } = await findPublishedGallery(
    tx,
    company,
    gallerySlug,
    {
      ...GALLERY_DOOR_COLUMNS,
      description: contentItem.description,
      location: contentItem.location,
      happenedOn: contentItem.happenedOn,
      coverAssetId: coverOf,
      eventId: contentItem.eventId,
      requireLead: contentItem.requireLead,
      downloadMode: contentItem.downloadMode,
      counts: galleryCountsOf(tab),
      liveMode: contentItem.liveMode,
      setlist: contentItem.setlist,
    },
  )
  const { photos, videos, preparing } = counts ?? NO_FILES
  // The door's columns stay apart from what the page shows: its hashes never reach a page's data.
  const door: GalleryDoorRow = { id: gallery.id, title: gallery.title, passwordHash, expiresAt, pinHash }
  return { gallery: { ...gallery, photos, videos, preparing }, door }
}

/**
 * A published gallery with its first page of photos and videos (after `after`, for fans without
 * JavaScript paging on; of the set-list song `chapter` names, when it names one) and where the
 * next page starts: nothing here grows with the gallery.
 * `preparing`: how many of its photos and videos are still being processed: right after an
 * upload (or a first start) fans are told they are coming instead of seeing an empty gallery.
 * Each one that becomes ready changes the company's pages (migration 0008), so the count never
 * outlives them.
 */
export async function getPublicGallery(
  { company, read }: PublicContext,
  gallerySlug: string,
  options: { tab: GalleryTab; after?: string | null; chapter?: string | null; door?: (row: GalleryDoorRow) => void } = {
    tab: 'all',
  },
) {
  return read((tx) =>
    withoutSorting(tx, async () => {
      const {
        gallery: { preparing, ...gallery },
        door,
      } = await findGalleryForPage(tx, company, gallerySlug, options.tab)
      // Behind a password or past its end: `door` throws before any photo is read (ADR 059).
      options.door?.(door)
      const song = songOfChapter(gallery.setlist, options.chapter)
      const page = await galleryPage(
        tx,
        gallery.id,
        song === undefined
          ? { tab: options.tab, after: options.after ?? null }
          : { tab: 'all', after: options.after ?? null, song },
      )
      return { gallery, ...page, preparing }
    }),
  )
}

/** The next page of a gallery's photos and videos, as the fan scrolls. */
export async function getGalleryPage(
  { company, read }: PublicContext,
  gallerySlug: string,
  options: GalleryPageOptions,
) {
  // Only its id: the page's counts and set-list came with the gallery's first page.
  return read((tx) =>
    withoutSorting(tx, async () =>
      galleryPage(tx, (await findPublishedGallery(tx, company, gallerySlug, { id: contentItem.id })).id, options),
    ),
  )
}

/** An image's WebP renditions, smallest first, for `srcset` (only the widths that were made). */
export async function getImageSources({ read }: PublicContext, assetId: string) {
  return read(async (tx) => {
    const rows = await tx
      .select({ name: assetRendition.rendition, width: assetRendition.width })
      .from(assetRendition)
      .where(and(eq(assetRendition.assetId, assetId), eq(assetRendition.format, 'webp')))
      .orderBy(asc(assetRendition.width))
    return rows
  })
}
