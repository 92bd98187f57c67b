import { z } from 'zod'
import { ZCompanySlug } from '#app/features/companies/companies.schema'
import { EVENT_STATUSES } from '#db/enums/events'
export { EVENT_STATUSES }

export type EventStatus = (typeof EVENT_STATUSES)[number]

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null))

const optionalCount = z
  .string()
  .trim()
  .regex(/^\d{0,7}$/, 'events.errors.count')
  .optional()
  .transform((value) => (value ? Number(value) : null))

/** The event form; slugs follow the company-slug rules (they become /{company}/evento/{slug}). */
export const ZEventForm = z.object({
  title: z
    .string({ error: 'validation.titleRequired' })
    .trim()
    .min(1, 'validation.titleRequired')
    .max(200, 'validation.titleTooLong'),
  slug: ZCompanySlug,
  // The venue's wall-clock time, kept as if it were UTC and always shown in UTC, so an 21:00
  // show reads 21:00 for everyone wherever they are.
  startsAt: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'validation.dateTime')
    .optional()
    .transform((value) => (value ? new Date(`${value}:00Z`) : null)),
  venue: optionalText(200, 'events.errors.venueLength'),
  location: optionalText(200, 'validation.locationTooLong'),
  description: optionalText(5000, 'validation.descriptionTooLong'),
  participantCount: optionalCount,
  spots: optionalCount,
  isFree: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true'),
})
export type TEventForm = z.infer<typeof ZEventForm>

/**
 * What the event editor's buttons post (`intent` says which). `save` carries the event form,
 * validated on its own with ZEventForm so its problems show per field.
 */
export const ZEventAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save') }),
  z.object({ intent: z.literal('status'), status: z.enum(EVENT_STATUSES) }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('attach'), contentItemId: z.uuid() }),
  z.object({ intent: z.literal('detach'), contentItemId: z.uuid() }),
  z.object({
    intent: z.literal('reorder'),
    order: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(z.uuid()).max(1000)),
  }),
])
