import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { asset, contentItem, event, organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { withPublicRead, type Transaction } from '#app/lib/db.server'
import { getFixedT } from '#app/lib/i18n.server'
import { isLanguage, type Language } from '#app/lib/i18n'
import { getStorage } from '#app/lib/storage.server'
import { readCompanyLogo, readLargestRendition } from './read-asset-image.server'
import { renderOgImage, type OgArtwork } from './render-og-image.server'

/*
 * Link preview images: made on first request, kept in storage under a key that names the item
 * and its version, and served with a year of caching. The version is the company's
 * public_version (bumped by the database on any change fans could see) plus the design's own
 * number, so an edit gives the page a new image URL and previews pick it up.
 */

export const OG_KINDS = ['company', 'gallery', 'event', 'content', 'site'] as const
export type OgKind = (typeof OG_KINDS)[number]

/** Bump when the drawing changes, so every stored image is made again. */
const OG_DESIGN = 1
const PLATFORM_ACCENT = '#a78bfa'
const HEX = /^#[0-9a-f]{6}$/i

export function ogVersion(publicVersion: number | null) {
  return publicVersion === null ? `d${OG_DESIGN}` : `${publicVersion}d${OG_DESIGN}`
}

/** The image's path on any of the platform's hosts. */
export function ogImagePath(kind: OgKind, id: string, version: string) {
  return `/og/${kind}/${encodeURIComponent(id)}/${version}.jpg`
}

type CompanyRow = {
  id: string
  name: string
  logo: string | null
  plan: string
  planValidUntil: Date | null
  brandAccentColor: string | null
  publicVersion: number
}

export type OgSubject = {
  storageKey: string
  version: string
  draw: () => Promise<OgArtwork>
}

const companyColumns = {
  id: organization.id,
  name: organization.name,
  logo: organization.logo,
  planValidUntil: organization.planValidUntil,
  plan: organization.plan,
  brandAccentColor: organization.brandAccentColor,
  publicVersion: organization.publicVersion,
}

// Written out in full like public-pages' `coverOf`: drizzle's unqualified names would bind to the inner table.
const firstMedia = sql<
  string | null
>`(select first.id from assets as first where first.content_item_id = content_items.id and first.processing_status = 'ready' and first.media_type in ('image', 'video') order by first.position limit 1)`
const coverOrFirstMedia = sql<string | null>`coalesce(content_items.cover_asset_id, ${firstMedia})`

/** The photo to crop, else the logo card, else the title card. */
async function artworkFor(
  tx: Transaction,
  company: CompanyRow,
  title: string,
  subtitle: string,
  photoAssetIds: Array<string | null>,
): Promise<OgArtwork> {
  for (const id of photoAssetIds) {
    if (!id) continue
    const image = await readLargestRendition(tx, id)
    if (image) return { kind: 'photo', image }
  }
  // Professional and above: the company's own accent and no platform badge.
  const branded = getEntitlements(company).customBranding
  const accent =
    branded && company.brandAccentColor && HEX.test(company.brandAccentColor)
      ? company.brandAccentColor
      : PLATFORM_ACCENT
  return { kind: 'card', title, subtitle, logo: await readCompanyLogo(tx, company), accent, platformMark: !branded }
}

function subject(
  company: CompanyRow,
  kind: OgKind,
  id: string,
  draw: (tx: Transaction) => Promise<OgArtwork>,
): OgSubject {
  const version = ogVersion(company.publicVersion)
  return {
    storageKey: `${company.id}/og/${kind}-${id}-${version}.jpg`,
    version,
    draw: () => withPublicRead(company.id, draw),
  }
}

/**
 * What the preview of a public page shows, or null when the page is not public (a draft, an
 * archived item, another kind, nothing with that id). Cross-tenant by nature: the URL names no
 * company, so it reads as fans do (public read: only published rows), as public renditions do.
 */
export async function findOgSubject(kind: OgKind, id: string): Promise<OgSubject | null> {
  if (kind === 'site') {
    if (!isLanguage(id)) return null
    const t = getFixedT(id as Language)
    return {
      storageKey: `platform/og/site-${id}-${ogVersion(null)}.jpg`,
      version: ogVersion(null),
      draw: async () => ({
        kind: 'card',
        title: t('sharing.og.siteTitle'),
        subtitle: t('sharing.og.siteTagline'),
        logo: null,
        accent: PLATFORM_ACCENT,
        platformMark: false,
      }),
    }
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  if (kind !== 'company' && !uuid.test(id)) return null
  if (kind === 'company' && !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null
  return withPublicRead(null, async (tx) => {
    switch (kind) {
      case 'company': {
        // A closed account has no page to preview (its items' rows do not reach this read at all).
        const [company] = await tx
          .select(companyColumns)
          .from(organization)
          .where(and(eq(organization.id, id), isNull(organization.closedAt)))
        if (!company) return null
        return subject(company, kind, id, async (inner) => {
          const [latest] = await inner
            .select({ cover: coverOrFirstMedia })
            .from(contentItem)
            .where(
              and(
                eq(contentItem.companyId, company.id),
                eq(contentItem.kind, 'gallery'),
                eq(contentItem.status, 'published'),
              ),
            )
            .orderBy(desc(contentItem.publishedAt))
            .limit(1)
          return artworkFor(inner, company, company.name, '', [latest?.cover ?? null])
        })
      }
      case 'gallery':
      case 'content': {
        const [found] = await tx
          .select({
            company: companyColumns,
            title: contentItem.title,
            cover: contentItem.coverAssetId,
            first: firstMedia,
            isLocked: sql<boolean>`${contentItem.accessPasswordHash} is not null`,
          })
          .from(contentItem)
          .innerJoin(organization, eq(organization.id, contentItem.companyId))
          .where(
            and(
              eq(contentItem.id, id),
              eq(contentItem.kind, kind === 'gallery' ? 'gallery' : 'single'),
              eq(contentItem.status, 'published'),
            ),
          )
        if (!found) return null
        return subject(found.company, kind, id, async (inner) => {
          // A single video or file may have a custom thumbnail; a photo is its own picture.
          const thumbnails = found.first
            ? await inner.select({ id: asset.customThumbnailAssetId }).from(asset).where(eq(asset.id, found.first))
            : []
          // Behind a password, the preview shows the chosen cover and the title only, never a photo of it (ADR 059).
          if (found.isLocked) return artworkFor(inner, found.company, found.title, found.company.name, [found.cover])
          return artworkFor(inner, found.company, found.title, found.company.name, [
            found.cover,
            thumbnails[0]?.id ?? null,
            found.first,
          ])
        })
      }
      case 'event': {
        const [found] = await tx
          .select({ company: companyColumns, title: event.title, cover: event.coverAssetId })
          .from(event)
          .innerJoin(organization, eq(organization.id, event.companyId))
          .where(and(eq(event.id, id), eq(event.status, 'published')))
        if (!found) return null
        return subject(found.company, kind, id, async (inner) => {
          const items = await inner
            .select({ cover: coverOrFirstMedia })
            .from(contentItem)
            .where(
              and(
                eq(contentItem.eventId, id),
                eq(contentItem.status, 'published'),
                inArray(contentItem.kind, ['gallery', 'single']),
              ),
            )
            .orderBy(asc(contentItem.title))
            .limit(1)
          return artworkFor(inner, found.company, found.title, found.company.name, [
            found.cover,
            items[0]?.cover ?? null,
          ])
        })
      }
    }
  })
}

/** The stored preview image of `subject`, drawn and stored first if this version has none yet. */
export async function ensureOgImage(og: OgSubject) {
  const storage = getStorage()
  if (await storage.head(og.storageKey)) return og.storageKey
  // Two first requests at once both draw; the later write wins with identical bytes.
  const jpeg = await renderOgImage(await og.draw())
  await storage.put(og.storageKey, jpeg, { contentType: 'image/jpeg' })
  return og.storageKey
}
