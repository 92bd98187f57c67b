import { z } from 'zod'
import { CONTENT_KINDS, CONTENT_STATUSES, ZContentDetails } from '#app/features/content/content.schema'

/*
 * The public API's shapes. Requests are validated with these (and with the app's own form
 * schemas they extend, so the API and the admin refuse the same things), and the OpenAPI
 * document is generated from them: what is documented is what is checked.
 */

const timestamp = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time' })

export const ZIdParam = z.object({ id: z.uuid().meta({ description: 'The id' }) })

/** `?cursor=…&limit=…`: pages that stay put while items are added (newest first, cut after the cursor). */
export const ZPageQuery = z.object({
  cursor: z.string().max(500).optional().meta({ description: 'The `nextCursor` of the previous page; absent for the first page.' }),
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: 'Items per page (1–100, default 50).' }),
})

export const ZContentListQuery = ZPageQuery.extend({
  kind: z.enum(CONTENT_KINDS).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  event: z.uuid().optional().meta({ description: 'Only items of this event.' }),
  q: z.string().trim().max(100).optional().meta({ description: 'Title contains.' }),
})

export const ZContentSummary = z
  .object({
    id: z.uuid(),
    kind: z.enum(CONTENT_KINDS),
    title: z.string(),
    status: z.enum(CONTENT_STATUSES),
    category: z.string().nullable(),
    eventId: z.uuid().nullable(),
    coverAssetId: z.uuid().nullable(),
    mediaCount: z.int(),
    viewCount: z.int(),
    downloadCount: z.int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'ContentSummary' })

export const ZContent = z
  .object({
    id: z.uuid(),
    kind: z.enum(CONTENT_KINDS).meta({ description: '`gallery`: ordered photos and videos; `single`: one file.' }),
    slug: z.string().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    location: z.string().nullable(),
    happenedOn: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
    eventId: z.uuid().nullable(),
    requireLead: z.boolean().meta({ description: 'Fans leave name and e-mail before downloading.' }),
    status: z.enum(CONTENT_STATUSES),
    coverAssetId: z.uuid().nullable(),
    viewCount: z.int(),
    downloadCount: z.int(),
    publishedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Content' })

export const ZContentPage = z.object({ items: z.array(ZContentSummary), nextCursor: z.string().nullable() }).meta({ id: 'ContentPage' })

/** A new gallery or single item: the admin's details form plus its kind. */
export const ZCreateContent = ZContentDetails.extend({ kind: z.enum(CONTENT_KINDS).meta({ description: '`gallery` or `single`' }) }).meta({ id: 'CreateContent' })

/** Any of the details; what is left out stays as it is. */
export const ZUpdateContent = ZContentDetails.partial().meta({ id: 'UpdateContent' })

export const ZMedia = z
  .object({
    id: z.uuid(),
    mediaType: z.string().meta({ description: 'image, video, audio, pdf or other' }),
    originalName: z.string(),
    sizeBytes: z.int(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    altText: z.string().nullable(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    durationMs: z.int().nullable(),
    position: z.int(),
    processingStatus: z.enum(['pending', 'processing', 'ready', 'failed']),
  })
  .meta({ id: 'Media' })

export const ZMediaList = z.object({ items: z.array(ZMedia) }).meta({ id: 'MediaList' })

export const ZMediaOrder = z.object({ assetIds: z.array(z.uuid()).min(1).max(10_000).meta({ description: 'Every file of the item, first to last.' }) }).meta({ id: 'MediaOrder' })

/** Opaque to callers: the creation time (to the microsecond) and id of the last item of a page. */
export function encodeCursor(position: string, id: string) {
  return Buffer.from(JSON.stringify([position, id])).toString('base64url')
}

export function decodeCursor(cursor: string | undefined): { position: string; id: string } | null {
  if (!cursor) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    const parsed = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/), z.uuid()]).parse(value)
    return { position: parsed[0], id: parsed[1] }
  } catch {
    return null
  }
}
