import { and, eq, inArray, sql } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'
import type { DownloadOffer, DownloadOffers } from '../downloads'
import {
  ITEM_COLUMNS,
  listDownloadEntries,
  photoQualityOf,
  type DownloadEntry,
  type DownloadItem,
} from './find-download.server'
import { zipLength } from './zip-length.server'

/*
 * A gallery's offer (the exact size of its ZIP) depends on every file in it: thousands of rows
 * for a large gallery. It is kept per item and worked out again only when what it depends on
 * may have moved: the item's title (the names in the ZIP), the plan's quality, and the company's
 * public versions, which every change fans can see moves (migration 0008).
 */
const KEPT_OFFERS_LIMIT = 2_000
const keptOffers = new Map<string, DownloadOffer | null>()

function keepOffer(key: string, offer: DownloadOffer | null) {
  if (keptOffers.size >= KEPT_OFFERS_LIMIT) keptOffers.delete(keptOffers.keys().next().value!)
  keptOffers.set(key, offer)
}

function offerOf(item: DownloadItem, files: DownloadEntry[]): DownloadOffer | null {
  if (files.length === 0) return null
  return {
    requireLead: item.requireLead,
    fileCount: files.length,
    photos: files.filter((file) => file.mediaType === 'image').length,
    videos: files.filter((file) => file.mediaType === 'video').length,
    sizeBytes: item.kind === 'gallery' ? zipLength(files) : files[0].sizeBytes,
    quality: files.some((file) => file.quality === 'web') ? 'web' : 'original',
  }
}

/** Pages shared by every fan (an event, the player) offer no download of a gallery behind a password or past its end. */
const openToEveryone = sql`(${contentItem.accessPasswordHash} is null and (${contentItem.expiresAt} is null or ${contentItem.expiresAt} > now()))`

/**
 * What a fans' page may offer to download for these published items: whether the company
 * wants fans' details first, and the exact size of each file or ZIP. The same for every fan (the
 * page is cached for all of them): whether this fan already left their details is answered when
 * they start a download. Items with nothing ready to download are left out.
 */
export async function getDownloadOffers(context: PublicContext, contentItemIds: string[]): Promise<DownloadOffers> {
  const { company } = context
  return context.read(async (tx) => {
    const found =
      contentItemIds.length === 0
        ? []
        : await tx
            .select(ITEM_COLUMNS)
            .from(contentItem)
            .where(
              and(
                eq(contentItem.companyId, company.id),
                eq(contentItem.status, 'published'),
                inArray(contentItem.id, contentItemIds),
                context.entitlements.galleryProtection ? openToEveryone : undefined,
              ),
            )
    return offersIn(tx, context, found)
  })
}

/** The same for items the page has just read itself (published, of this company): no query while their offers are kept. */
export async function getDownloadOffersOf(context: PublicContext, items: DownloadItem[]): Promise<DownloadOffers> {
  return context.read((tx) => offersIn(tx, context, items))
}

async function offersIn(tx: Transaction, context: PublicContext, found: DownloadItem[]): Promise<DownloadOffers> {
  const privacyHref = `${context.basePath}/privacidade`
  if (found.length === 0) return { privacyHref, items: {} }
  const quality = photoQualityOf(context.entitlements)
  // Anything fans can see that changes a ZIP (a file added, removed, processed) moves one of them.
  const fingerprint = `${context.versions.edits}.${context.versions.media}`
  const keyOf = (item: DownloadItem) =>
    `${item.id}|${item.kind}|${item.title}|${item.requireLead}|${quality}|${item.downloadMode}|${fingerprint}`
  const missing = found.filter((item) => !keptOffers.has(keyOf(item)))
  if (missing.length > 0) {
    const entries = await listDownloadEntries(tx, missing, context.entitlements)
    for (const item of missing) keepOffer(keyOf(item), offerOf(item, entries.get(item.id)?.entries ?? []))
  }
  const items: DownloadOffers['items'] = {}
  for (const item of found) {
    const offer = keptOffers.get(keyOf(item))
    if (offer) items[item.id] = offer
  }
  return { privacyHref, items }
}
