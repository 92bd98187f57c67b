import { z } from 'zod'
import { ZListSearch } from '#app/lib/list-search'
import { CONTENT_KINDS } from '#db/enums/galleries'
import { CONTENT_STATUSES } from '#db/enums/galleries'
export { CONTENT_STATUSES }
export { CONTENT_KINDS }

export type ContentKind = (typeof CONTENT_KINDS)[number]
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null)

/** The details form of a single content item or a gallery (messages are i18n keys). */
export const ZContentDetails = z.object({
  title: z
    .string({ error: 'validation.titleRequired' })
    .trim()
    .min(1, 'validation.titleRequired')
    .max(200, 'validation.titleTooLong'),
  description: optionalText(5000, 'validation.descriptionTooLong'),
  category: optionalText(60, 'content.errors.categoryLength'),
  location: optionalText(200, 'validation.locationTooLong'),
  happenedOn: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'validation.date')
    // A day the calendar has: PostgreSQL refuses 2026-02-30 as a date.
    .refine((value) => value === '' || z.iso.date().safeParse(value).success, 'validation.date')
    .optional()
    .transform((value) => (value ? value : null)),
  eventId: z
    .union([z.uuid({ error: 'events.errors.notFound' }), z.literal('')])
    .optional()
    .transform((value) => (value ? value : null)),
  requireLead: z
    .union([z.literal('on'), z.literal('true'), z.literal('false'), z.boolean()])
    .optional()
    .transform((value) => value === 'on' || value === 'true' || value === true),
})
export type TContentDetails = z.infer<typeof ZContentDetails>

export const CONTENT_SORTS = ['updated', 'created', 'title', 'views'] as const
export type ContentSort = (typeof CONTENT_SORTS)[number]
export const LIBRARY_VIEWS = ['grid', 'list'] as const

/** Highlights' filters, from the page address: anything unknown falls back to "all". */
export const ZContentFilters = z.object({
  q: ZListSearch,
  status: z.enum(CONTENT_STATUSES).optional().catch(undefined),
  kind: z.enum(CONTENT_KINDS).optional().catch(undefined),
  /** An event's id, or `none` for items in no event. */
  event: z
    .union([z.uuid(), z.literal('none')])
    .optional()
    .catch(undefined),
  sort: z.enum(CONTENT_SORTS).optional().catch(undefined),
  view: z.enum(LIBRARY_VIEWS).optional().catch(undefined),
})
export type TContentFilters = z.infer<typeof ZContentFilters>

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)

/** Ids posted as one comma-separated field (bulk actions): at least one, each a uuid, at most a page's worth. */
const idList = z
  .string()
  .transform((value) => [...new Set(value.split(',').filter(Boolean))])
  .pipe(z.array(z.uuid()).min(1).max(200))

/** What the editor's bulk bar makes of the selected files: fans see them, or they are kept from fans. */
export const FILE_VISIBILITIES = ['visible', 'hidden'] as const
export type FileVisibility = (typeof FILE_VISIBILITIES)[number]

/** One alternative text for every selected file: something to read, as long as a file's own may be. */
export const ZFilesAltText = z
  .string()
  .trim()
  .min(1, 'studio.editor.bulk.errors.altRequired')
  .max(500, 'studio.editor.bulk.errors.altTooLong')

/** What Highlights' bulk bar posts for the selected items. */
export const ZLibraryAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('bulk-status'), ids: idList, status: z.enum(CONTENT_STATUSES) }),
  z.object({ intent: z.literal('bulk-delete'), ids: idList }),
  z.object({
    intent: z.literal('bulk-event'),
    ids: idList,
    eventId: z.union([z.uuid(), z.literal('')]).transform((value) => value || null),
  }),
])

/**
 * What the editor's buttons post (`intent` says which). `save` carries the details form, which
 * is validated on its own with ZContentDetails so its problems show per field.
 */
export const ZContentAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save') }),
  z.object({ intent: z.literal('status'), status: z.enum(CONTENT_STATUSES) }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('reorder'), order: z.string().transform((value) => value.split(',').filter(Boolean)) }),
  z.object({ intent: z.literal('remove-file'), assetId: z.uuid() }),
  z.object({ intent: z.literal('retry-processing'), assetId: z.uuid() }),
  z.object({ intent: z.literal('remove-files'), assetIds: idList }),
  z.object({ intent: z.literal('set-cover'), assetId: z.uuid() }),
  // The bulk bar of the editor's selection: the use-cases check the rest (which gallery, which text).
  z.object({ intent: z.literal('files-visibility'), assetIds: idList, visibility: z.enum(FILE_VISIBILITIES) }),
  z.object({ intent: z.literal('files-move'), assetIds: idList, targetId: z.string().max(100) }),
  z.object({ intent: z.literal('files-alt-text'), assetIds: idList, altText: z.string().max(5000) }),
  z.object({ intent: z.literal('files-order-captured'), assetIds: idList }),
  z.object({
    intent: z.literal('file-text'),
    assetId: z.uuid(),
    title: nullableText(200),
    description: nullableText(2000),
    altText: nullableText(500),
  }),
])
