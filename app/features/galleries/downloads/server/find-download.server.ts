import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm'
import { asset, contentItem, organization } from '#db/schema'
import type { Entitlements } from '#app/features/billing/entitlements'
import type { PublicContext, PublicDoor } from '#app/access/context'
import { withPublicRead, type Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import type { Visit } from '#app/access/visit.server'
import { extensionOf, galleryFileName, safeFileBase, uniqueNames, withExtension } from '../download-names'
import type { DownloadQuality } from '../downloads'
import { hasAccess } from '#app/features/galleries/protection/server/access-cookie.server'
import { WEB_VIDEO_FORMAT, WEB_VIDEO_RENDITION } from '#app/features/media/web-video'

/*
 * What a fan may download, and as what (ADR 018): files of published galleries and content
 * only, the same fence as the public renditions. Photos come as the company's plan allows
 * (Starter: a JPEG at the largest web size; Professional and Enterprise: the original); videos,
 * audio, PDFs and other files as uploaded, except in a gallery whose switch says web size only
 * (ADR 059): photos as on Starter, videos as their web version (ADR 016), nothing else.
 */

export type DownloadItem = {
  id: string
  kind: string
  slug: string | null
  title: string
  requireLead: boolean
  eventId: string | null /** The gallery's download switch (ADR 059); absent: originals. */
  downloadMode?: string
}
export type DownloadEntry = {
  assetId: string
  mediaType: string
  storageKey: string
  sizeBytes: number
  /** The name the fan's copy gets: in the ZIP, or in Content-Disposition. */
  name: string
  quality: DownloadQuality
  lastModified: Date
}

/** A photo's web-size download: its widest JPEG (else its widest WebP), and the widest web size it has in any format. */
type WebRendition = { key: string; size: number; format: string; width: number; widest: number }
type WebVideo = { key: string; size: number }

/**
 * Files a web-size download would hold better once made: photos processed before they got a JPEG
 * at their widest web size (they go as the narrower JPEG meanwhile), and videos of a web-size-only
 * gallery without their web version yet (left out meanwhile).
 */
export type WebFilesToMake = { photos: string[]; videos: string[] }

export type DownloadFiles = { entries: DownloadEntry[]; toMake: WebFilesToMake }

/** The photo quality a company's plan gives its fans. */
export function photoQualityOf(entitlements: Pick<Entitlements, 'highResolutionDownload'>): DownloadQuality {
  return entitlements.highResolutionDownload ? 'original' : 'web'
}

/**
 * Every downloadable file of published items, in gallery order, named and with the bytes the
 * fan will get, and what is still to be made for them at web size. Items of kind `gallery`
 * number their files; a single item's file takes its title.
 */
export async function listDownloadEntries(
  tx: Transaction,
  items: DownloadItem[],
  entitlements: Entitlements,
): Promise<Map<string, DownloadFiles>> {
  const result = new Map<string, DownloadFiles>(
    items.map((item) => [item.id, { entries: [], toMake: { photos: [], videos: [] } }]),
  )
  if (items.length === 0) return result
  const planQuality = photoQualityOf(entitlements)
  const rows = await tx
    .select({
      assetId: asset.id,
      contentItemId: asset.contentItemId,
      mediaType: asset.mediaType,
      storageKey: asset.storageKey,
      sizeBytes: asset.sizeBytes,
      createdAt: asset.createdAt,
      // Written out in full: drizzle's unqualified names would bind to the inner table.
      // Fans expect a JPEG: the widest one, even where a WebP is wider (a photo processed before
      // the JPEG at the widest size was made, until it is: see queueWebDownloadFiles).
      web: sql<WebRendition | null>`(
        select json_build_object('key', r.storage_key, 'size', r.size_bytes, 'format', r.format,
          'width', r.width, 'widest', max(r.width) over ())
        from asset_renditions as r
        where r.asset_id = assets.id and r.rendition ~ '^w[0-9]+$' and r.format in ('jpeg', 'webp')
        order by (r.format = 'jpeg') desc, r.width desc
        limit 1)`,
      webVideo: sql<WebVideo | null>`(
        select json_build_object('key', r.storage_key, 'size', r.size_bytes)
        from asset_renditions as r
        where assets.media_type = 'video' and r.asset_id = assets.id
          and r.rendition = ${WEB_VIDEO_RENDITION} and r.format = ${WEB_VIDEO_FORMAT})`,
    })
    .from(asset)
    .where(
      and(
        inArray(
          asset.contentItemId,
          items.map((item) => item.id),
        ),
        inArray(asset.purpose, ['gallery-media', 'content-file']),
        // Photos and videos are offered once processed, as on the gallery page; other files at once.
        or(notInArray(asset.mediaType, ['image', 'video']), eq(asset.processingStatus, 'ready')),
      ),
    )
    .orderBy(asc(asset.contentItemId), asc(asset.position), asc(asset.createdAt))

  for (const item of items) {
    // The gallery's download switch narrows what the plan gives (only while the plan includes it).
    const mode = entitlements.galleryProtection ? (item.downloadMode ?? 'originals') : 'originals'
    if (mode === 'off') continue
    const photoQuality = mode === 'web' ? 'web' : planQuality
    const { toMake } = result.get(item.id)!
    type File = {
      row: (typeof rows)[number]
      storageKey: string
      sizeBytes: number
      extension: string
      quality: DownloadQuality
    }
    const files = rows.flatMap((row): File[] => {
      if (row.contentItemId !== item.id) return []
      if (row.mediaType === 'image' && photoQuality === 'web') {
        if (!row.web) return []
        if (row.web.format !== 'jpeg' || row.web.width < row.web.widest) toMake.photos.push(row.assetId)
        return [
          {
            row,
            storageKey: row.web.key,
            sizeBytes: Number(row.web.size),
            extension: row.web.format === 'jpeg' ? 'jpg' : row.web.format,
            quality: 'web',
          },
        ]
      }
      // Web size only: nothing leaves as uploaded. Videos go as their web version once it is made; other files never.
      if (mode === 'web') {
        if (row.mediaType !== 'video') return []
        if (!row.webVideo) {
          toMake.videos.push(row.assetId)
          return []
        }
        return [
          {
            row,
            storageKey: row.webVideo.key,
            sizeBytes: Number(row.webVideo.size),
            extension: WEB_VIDEO_FORMAT,
            quality: 'web',
          },
        ]
      }
      return [
        {
          row,
          storageKey: row.storageKey,
          sizeBytes: Number(row.sizeBytes),
          extension: extensionOf(row.storageKey),
          quality: 'original',
        },
      ]
    })
    const names = uniqueNames(
      files.map((file, index) =>
        item.kind === 'gallery'
          ? galleryFileName(item.title, index + 1, files.length, file.extension)
          : withExtension(safeFileBase(item.title), file.extension),
      ),
    )
    result.set(item.id, {
      entries: files.map((file, index) => ({
        assetId: file.row.assetId,
        mediaType: file.row.mediaType,
        storageKey: file.storageKey,
        sizeBytes: file.sizeBytes,
        name: names[index],
        quality: file.quality,
        lastModified: file.row.createdAt,
      })),
      toMake,
    })
  }
  return result
}

export const ITEM_COLUMNS = {
  id: contentItem.id,
  kind: contentItem.kind,
  slug: contentItem.slug,
  title: contentItem.title,
  requireLead: contentItem.requireLead,
  eventId: contentItem.eventId,
  downloadMode: contentItem.downloadMode,
}

/** What a download address names, in the quality of its company's plan; `context` is that company's. */
export type DownloadTarget = {
  context: PublicContext
  item: DownloadItem
  entries: DownloadEntry[]
  /** What its web-size download still lacks (see WebFilesToMake). */
  toMake: WebFilesToMake
  file: DownloadEntry | null /** The gallery's download PIN in force (its hash), if any. */
  pinHash: string | null
}

const notFound = () => new AppError('NOT_FOUND', 'downloads.errors.notFound')

/**
 * The published item a download address names (a file by its asset id, or a content item by
 * its id), its company, and what it would serve. Throws NOT_FOUND for anything fans cannot see,
 * including another company's file asked for on a company's own host.
 */
export async function findDownloadTarget(
  door: PublicDoor,
  visit: Pick<Visit, 'host' | 'cookies'>,
  target: { kind: 'file' | 'content'; id: string },
): Promise<DownloadTarget> {
  // Cross-tenant by nature (the address names no company): only what fans may see can be read.
  const found = await withPublicRead(null, async (tx) => {
    const itemId =
      target.kind === 'content'
        ? target.id
        : (
            await tx
              .select({ id: asset.contentItemId })
              .from(asset)
              .where(and(eq(asset.id, target.id), inArray(asset.purpose, ['gallery-media', 'content-file'])))
          )[0]?.id
    if (!itemId) return null
    const [row] = await tx
      .select({
        item: ITEM_COLUMNS,
        company: door.columns,
        protection: {
          passwordHash: contentItem.accessPasswordHash,
          pinHash: contentItem.downloadPinHash,
          expiresAt: contentItem.expiresAt,
        },
      })
      .from(contentItem)
      .innerJoin(organization, eq(organization.id, contentItem.companyId))
      .where(and(eq(contentItem.id, itemId), eq(contentItem.status, 'published')))
    if (!row) return null
    const context = door.open(row.company, visit)
    // A protected gallery's files go only to fans who opened it, and to nobody after its end (ADR 059).
    const protection = context.entitlements.galleryProtection
      ? row.protection
      : { passwordHash: null, pinHash: null, expiresAt: null }
    if (protection.expiresAt && protection.expiresAt <= new Date()) return null
    if (!hasAccess('password', row.item.id, protection.passwordHash, visit.cookies)) return null
    const { entries, toMake } = (await listDownloadEntries(tx, [row.item], context.entitlements)).get(row.item.id)!
    return { context, item: row.item, entries, toMake, pinHash: protection.pinHash }
  })
  if (!found) throw notFound()
  // On a company's own host, only that company's files.
  if (visit.host.kind === 'company' && visit.host.company?.id !== found.context.company.id) throw notFound()
  const file =
    target.kind === 'file'
      ? (found.entries.find((entry) => entry.assetId === target.id) ?? null)
      : found.item.kind === 'gallery'
        ? null
        : (found.entries[0] ?? null)
  if (target.kind === 'file' && !file) throw notFound()
  if (found.entries.length === 0) throw notFound()
  return { ...found, file }
}
