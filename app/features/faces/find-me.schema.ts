import { z } from 'zod'

/* What Find me's forms carry (ADR 103), checked at the boundary: the admin's panel and a fan's "remove me". */

/** What the admin does in the editor's Find me panel: the switch (the first on carries the acknowledgement), and a fan's "remove me". */
export const ZFindMeAction = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('switch'),
    enabled: z.stringbool(),
    acknowledge: z.stringbool().optional().default(false),
  }),
  z.object({
    intent: z.literal('removal'),
    requestId: z.uuid(),
    decision: z.enum(['hidden', 'excluded', 'dismissed']),
  }),
])
export type TFindMeSwitch = Omit<Extract<z.infer<typeof ZFindMeAction>, { intent: 'switch' }>, 'intent'>
export type RemovalDecision = Extract<z.infer<typeof ZFindMeAction>, { intent: 'removal' }>['decision']

/** A fan's "remove me", sent from the photos a search found: a way to answer them, if they want one. */
export const ZRemovalRequest = z.object({
  set: z.uuid('findMe.errors.setGone'),
  email: z
    .string()
    .trim()
    .max(254, 'validation.email')
    .optional()
    .default('')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'validation.email'),
  message: z.string().trim().max(1000, 'validation.messageTooLong').optional().default(''),
})
export type TRemovalRequest = z.infer<typeof ZRemovalRequest>
