import { z } from 'zod'
import { AUDIT_CATEGORIES } from '#db/enums/audit'
export { AUDIT_CATEGORIES }

export const ZAuditCategory = z.enum(AUDIT_CATEGORIES)
export type TAuditCategory = z.infer<typeof ZAuditCategory>

/** The audit screen's filters (query string): a category and a person, both optional. */
export const ZAuditFilters = z.object({
  category: ZAuditCategory.optional().catch(undefined),
  actor: z.string().min(1).max(200).optional().catch(undefined),
})
export type TAuditFilters = z.infer<typeof ZAuditFilters>

export const ZAuditEventInput = z.object({
  category: ZAuditCategory,
  action: z.string().min(1).max(200),
  companyId: z.string().nullable().optional(),
  actorUserId: z.string().nullable().optional(),
  tableName: z.string().max(100).nullable().optional(),
  recordId: z.string().max(200).nullable().optional(),
  details: z.record(z.string(), z.unknown()).nullable().optional(),
  ipAddress: z.string().max(100).nullable().optional(),
  userAgent: z.string().max(500).nullable().optional(),
})
export type TAuditEventInput = z.input<typeof ZAuditEventInput>
