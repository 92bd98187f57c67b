import { and, asc, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { asset, assetRendition, contentItem, event } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { AppError } from '#app/lib/errors'
import { type NotFoundDetails, type PublicCompany, type PublicContext } from '#app/access/context'
import { placeholderImageOf } from '#app/features/media/placeholder-image'

export type ImageSources = { id: string; sources: Array<{ name: string; width: number }> }

export type PublicContentFile = {
  id: string
  mediaType: string
  mimeType: string
  originalName: string
  sizeBytes: number
  width: number | null
  height: number | null
  durationMs: number | null
  placeholder: string | null
  /** WebP renditions of the file itself (photos; a video's poster frame), smallest first. */
  sources: ImageSources['sources']
}

export type PublicContent = {
  item: {
    id: string
    title: string
    description: string | null
    location: string | null
    happenedOn: string | null
    publishedAt: Date | null
    requireLead: boolean
  }
  file: PublicContentFile | null
  /** The picture shown before playing, or beside audio: a custom thumbnail, the video's own frame, the item's cover. */
  poster: ImageSources | null
  event: { slug: string; title: string } | null
}

export const contentNotFound = (company?: PublicCompany) =>
  new AppError(
    'NOT_FOUND',
    'public.notFound.content',
    (company ? { companyName: company.name } : { home: '/' }) satisfies NotFoundDetails,
  )

export const ZContentId = z.uuid()

async function webpSources(tx: Transaction, assetId: string | null) {
  if (!assetId) return []
  return tx
    .select({ name: assetRendition.rendition, width: assetRendition.width })
    .from(assetRendition)
    .where(and(eq(assetRendition.assetId, assetId), eq(assetRendition.format, 'webp')))
    .orderBy(asc(assetRendition.width))
}

/**
 * A published content item for the player, of one company. A gallery's id answers with where
 * its own page is, so the caller can redirect there.
 */
export async function getPublicContent(
  { company, read }: PublicContext,
  contentId: string,
): Promise<PublicContent | { gallerySlug: string }> {
  const id = ZContentId.safeParse(contentId)
  if (!id.success) throw contentNotFound(company)
  return read(async (tx) => {
    const [item] = await tx
      .select({
        id: contentItem.id,
        kind: contentItem.kind,
        slug: contentItem.slug,
        title: contentItem.title,
        description: contentItem.description,
        location: contentItem.location,
        happenedOn: contentItem.happenedOn,
        publishedAt: contentItem.publishedAt,
        requireLead: contentItem.requireLead,
        eventId: contentItem.eventId,
        coverAssetId: contentItem.coverAssetId,
      })
      .from(contentItem)
      .where(
        and(eq(contentItem.companyId, company.id), eq(contentItem.id, id.data), eq(contentItem.status, 'published')),
      )
    if (!item) throw contentNotFound(company)
    if (item.kind === 'gallery') {
      if (!item.slug) throw contentNotFound(company)
      return { gallerySlug: item.slug }
    }
    // A single item has one file; should a replaced one linger, the newest is the item's.
    const [file] = await tx
      .select({
        id: asset.id,
        mediaType: asset.mediaType,
        mimeType: asset.mimeType,
        originalName: asset.originalName,
        sizeBytes: asset.sizeBytes,
        width: asset.width,
        height: asset.height,
        durationMs: asset.durationMs,
        placeholder: asset.placeholder,
        placeholderImage: asset.placeholderImage,
        customThumbnailAssetId: asset.customThumbnailAssetId,
      })
      .from(asset)
      .where(and(eq(asset.contentItemId, item.id), eq(asset.purpose, 'content-file')))
      .orderBy(desc(asset.createdAt))
      .limit(1)
    const fileSources =
      file && (file.mediaType === 'image' || file.mediaType === 'video') ? await webpSources(tx, file.id) : []
    let poster: ImageSources | null = null
    for (const candidate of [
      file?.customThumbnailAssetId ?? null,
      fileSources.length ? file!.id : null,
      item.coverAssetId,
    ]) {
      if (!candidate) continue
      const sources = candidate === file?.id ? fileSources : await webpSources(tx, candidate)
      if (sources.length) {
        poster = { id: candidate, sources }
        break
      }
    }
    const [attached] = item.eventId
      ? await tx
          .select({ slug: event.slug, title: event.title })
          .from(event)
          .where(and(eq(event.companyId, company.id), eq(event.id, item.eventId), eq(event.status, 'published')))
      : []
    const {
      customThumbnailAssetId: _thumbnail,
      placeholderImage: _image,
      ...fileFacts
    } = file ?? { customThumbnailAssetId: null, placeholderImage: null }
    return {
      item: {
        id: item.id,
        title: item.title,
        description: item.description,
        location: item.location,
        happenedOn: item.happenedOn,
        publishedAt: item.publishedAt,
        requireLead: item.requireLead,
      },
      file: file
        ? {
            ...(fileFacts as Omit<typeof file, 'customThumbnailAssetId' | 'placeholderImage'>),
            placeholder: placeholderImageOf(file),
            sources: fileSources,
          }
        : null,
      poster,
      event: attached ?? null,
    }
  })
}
