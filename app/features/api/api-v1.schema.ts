import { z } from 'zod'
import { CONTENT_KINDS, CONTENT_STATUSES, ZContentDetails } from '#app/features/galleries/content.schema'

/** What the analytics count as a view (ADR 099): the same figure as the admin's screens. */
const VIEW_COUNT_DESCRIPTION =
  'Views as the analytics count them: pages and photos opened by fans, a visitor’s repeat within 30 minutes once, automated browsers left out; updated within a minute.'

/*
 * The public API's shapes. Requests are validated with these (and with the app's own form
 * schemas they extend, so the API and the admin refuse the same things), and the OpenAPI
 * document is generated from them: what is documented is what is checked.
 */

const timestamp = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time' })

export const ZIdParam = z.object({ id: z.uuid().meta({ description: 'The id' }) })

/** `?cursor=…&limit=…`: pages that stay put while items are added (newest first, cut after the cursor). */
export const ZPageQuery = z.object({
  cursor: z
    .string()
    .max(500)
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page; absent for the first page.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(50)
    .meta({ description: 'Items per page (1–100, default 50).' }),
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
    viewCount: z.int().meta({ description: VIEW_COUNT_DESCRIPTION }),
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
    viewCount: z.int().meta({ description: VIEW_COUNT_DESCRIPTION }),
    downloadCount: z.int(),
    publishedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Content' })

export const ZContentPage = z
  .object({ items: z.array(ZContentSummary), nextCursor: z.string().nullable() })
  .meta({ id: 'ContentPage' })

/** A new gallery or single item: the admin's details form plus its kind. */
export const ZCreateContent = ZContentDetails.extend({
  kind: z.enum(CONTENT_KINDS).meta({ description: '`gallery` or `single`' }),
}).meta({ id: 'CreateContent' })

/** Any of the details; what is left out stays as it is. */
export const ZUpdateContent = ZContentDetails.partial()
  .extend({
    eventId: z
      .union([z.uuid({ error: 'events.errors.notFound' }), z.literal('')])
      .nullable()
      .optional()
      .meta({ description: 'The event it belongs to; null takes it out of its event.' }),
  })
  .meta({ id: 'UpdateContent' })

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

export const ZMediaOrder = z
  .object({
    assetIds: z.array(z.uuid()).min(1).max(10_000).meta({ description: 'Every file of the item, first to last.' }),
  })
  .meta({ id: 'MediaOrder' })

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

// Events ------------------------------------------------------------------------------------

const count = z.int().min(0).max(9_999_999).nullable().optional()

/**
 * An event as JSON; converted to the admin's event form and validated by it (ZEventForm), so the
 * API refuses what the editor refuses. `startsAt` is the venue's wall-clock time.
 */
export const ZEventBody = z
  .object({
    title: z.string().meta({ description: '1–200 characters' }),
    slug: z.string().meta({ description: 'Page address: /{company}/evento/{slug}' }),
    startsAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The venue's local time, YYYY-MM-DDTHH:MM", example: '2026-07-18T21:00' }),
    venue: z.string().nullable().optional(),
    location: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    participantCount: count,
    spots: count,
    isFree: z.boolean().optional(),
  })
  .meta({ id: 'EventInput' })
export type TEventBody = z.infer<typeof ZEventBody>

export const ZUpdateEvent = ZEventBody.partial().meta({ id: 'UpdateEvent' })

/** The event form's fields (strings, as the editor posts them) from the API's JSON. */
export function eventFormFields(body: Partial<TEventBody>) {
  const text = (value: string | null | undefined) => value ?? ''
  return {
    title: text(body.title),
    slug: text(body.slug),
    startsAt: text(body.startsAt),
    venue: text(body.venue),
    location: text(body.location),
    description: text(body.description),
    participantCount: body.participantCount == null ? '' : String(body.participantCount),
    spots: body.spots == null ? '' : String(body.spots),
    isFree: body.isFree ? 'true' : 'false',
  }
}

export const ZEvent = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    startsAt: z.string().nullable().meta({ description: "The venue's local time, YYYY-MM-DDTHH:MM" }),
    venue: z.string().nullable(),
    location: z.string().nullable(),
    status: z.enum(['draft', 'published', 'cancelled']),
    participantCount: z.int().nullable(),
    isFree: z.boolean(),
    spots: z.int().nullable(),
    contentIds: z.array(z.uuid()).meta({ description: 'Galleries and items attached to the event.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Event' })

export const ZEventSummary = ZEvent.omit({ description: true, contentIds: true, participantCount: true })
  .extend({ contentCount: z.int() })
  .meta({ id: 'EventSummary' })
export const ZEventPage = z
  .object({ items: z.array(ZEventSummary), nextCursor: z.string().nullable() })
  .meta({ id: 'EventPage' })
export const ZEventContentParams = z.object({ id: z.uuid(), contentId: z.uuid() })

// Leads -------------------------------------------------------------------------------------

export const ZLeadListQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional().meta({ description: 'Name, e-mail or company contains.' }),
  content: z.uuid().optional().meta({ description: 'Left on this item.' }),
  event: z.uuid().optional().meta({ description: 'Left on this event.' }),
  marketing: z.enum(['yes', 'no']).optional().meta({ description: 'Agreed to marketing, or not.' }),
})
export const ZLeadExportQuery = ZLeadListQuery.omit({ cursor: true, limit: true })

export const ZLead = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    organisation: z.string().nullable(),
    contentItemId: z.uuid().nullable(),
    eventId: z.uuid().nullable(),
    privacyAcceptedAt: timestamp.nullable(),
    dataProcessingConsent: z.boolean(),
    marketingConsent: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'Lead' })
export const ZLeadDetail = ZLead.extend({
  policyVersion: z.string().nullable(),
  language: z.string().nullable(),
  sourceUrl: z.string().nullable(),
}).meta({ id: 'LeadDetail' })
export const ZLeadPage = z
  .object({ items: z.array(ZLead), total: z.int(), matching: z.int(), nextCursor: z.string().nullable() })
  .meta({ id: 'LeadPage' })

// Analytics ---------------------------------------------------------------------------------

const day = z.iso.date().meta({ description: 'YYYY-MM-DD' })
export const ZAnalyticsQuery = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { message: 'api.errors.range', path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, {
    message: 'api.errors.range',
    path: ['to'],
  })

export const ZHeadline = z
  .object({
    views: z.number(),
    visitors: z.number(),
    likes: z.number(),
    shares: z.number(),
    downloads: z.number(),
    comments: z.number(),
    watchedMinutes: z.number(),
    leads: z.number(),
    completionRate: z.number().nullable(),
  })
  .meta({ id: 'Headline' })

export const ZAnalyticsSummary = z
  .object({
    from: day,
    to: day,
    totals: ZHeadline,
    previousPeriod: ZHeadline.meta({ description: 'The same number of days just before.' }),
    byContent: z.array(
      ZHeadline.extend({ contentItemId: z.uuid(), title: z.string().nullable(), eventId: z.uuid().nullable() }),
    ),
    byEvent: z.array(ZHeadline.extend({ eventId: z.uuid(), title: z.string().nullable() })),
  })
  .meta({ id: 'AnalyticsSummary' })
