import { z } from 'zod'

const ZReason = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(500, 'validation.maxLength')

/** The operator's decisions, as posted by the console's forms. */
export const ZOperatorCompanyAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('suspend'), reason: ZReason }),
  z.object({ intent: z.literal('reactivate') }),
  z.object({ intent: z.literal('approve'), companyId: z.string().min(1) }),
  z.object({ intent: z.literal('reject'), companyId: z.string().min(1), reason: ZReason }),
  z.object({ intent: z.literal('approve-domain'), domainId: z.uuid() }),
  z.object({ intent: z.literal('reject-domain'), domainId: z.uuid(), reason: ZReason }),
])

export const ZInboxAction = z.object({ intent: z.enum(['handled', 'reopen']), id: z.uuid() })
