import { z } from 'zod'
import { isTimeZone, parseClockShift } from './setlist'

/** The set-list panel's form: the pasted text, the venue's zone, a clock shift and (without an event) the show's start. */
export const ZSetlistForm = z.object({
  source: z.string().max(20_000, 'setlist.errors.tooLong').optional().default(''),
  // Kept by its canonical name ("europe/lisbon" and "US/Pacific-New" name zones too), as the database reads it.
  timeZone: z
    .string({ error: 'setlist.errors.timeZone' })
    .trim()
    .refine(isTimeZone, 'setlist.errors.timeZone')
    .transform((zone) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone),
  clockShift: z
    .string()
    .optional()
    .default('')
    .transform((value, issue) => {
      const seconds = parseClockShift(value)
      if (seconds === null) {
        issue.addIssue({ code: 'custom', message: 'setlist.errors.clockShift' })
        return z.NEVER
      }
      return seconds
    }),
  // The venue's wall clock kept as if it were UTC, like an event's start (events.schema.ts).
  showStartsAt: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'validation.dateTime')
    .optional()
    .transform((value) => (value ? new Date(`${value}:00Z`) : null)),
})
export type TSetlistForm = z.infer<typeof ZSetlistForm>
