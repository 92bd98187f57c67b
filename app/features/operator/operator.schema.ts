import { z } from 'zod'

/** The operator's decisions, as posted by the console's forms. */
export const ZOperatorCompanyAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('suspend'), reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(500, 'validation.maxLength') }),
  z.object({ intent: z.literal('reactivate') }),
  z.object({ intent: z.literal('approve'), companyId: z.string().min(1) }),
  z.object({ intent: z.literal('reject'), companyId: z.string().min(1), reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(500, 'validation.maxLength') }),
])

export const ZInboxAction = z.object({ intent: z.enum(['handled', 'reopen']), id: z.uuid() })
