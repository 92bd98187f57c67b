import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { formSubmission } from '#db/schema'
import { MARKETING_FORM_KINDS } from '#app/features/marketing/marketing-forms.schema'
import { escapeLike } from './list-companies.server'
import type { OperatorContext } from '#app/access/context'

export const INBOX_PAGE_SIZE = 100

export const ZInboxFilter = z.object({
  q: z.string().trim().max(200).catch(''),
  kind: z.enum(MARKETING_FORM_KINDS).optional().catch(undefined),
  state: z.enum(['open', 'handled', 'all']).catch('open'),
})
export type InboxFilter = z.infer<typeof ZInboxFilter>

function conditions(filter: InboxFilter) {
  const where: SQL[] = []
  if (filter.kind) where.push(eq(formSubmission.kind, filter.kind))
  if (filter.state === 'open') where.push(isNull(formSubmission.handledAt))
  if (filter.state === 'handled') where.push(isNotNull(formSubmission.handledAt))
  if (filter.q) {
    const term = `%${escapeLike(filter.q)}%`
    where.push(
      or(ilike(formSubmission.email, term), ilike(formSubmission.name, term), ilike(formSubmission.message, term))!,
    )
  }
  return where.length ? and(...where) : undefined
}

/** The marketing site's interest, newsletter and contact submissions, newest first. */
export async function listFormSubmissions(operator: OperatorContext, filter: InboxFilter, limit = INBOX_PAGE_SIZE) {
  return operator.platform((tx) =>
    tx.select().from(formSubmission).where(conditions(filter)).orderBy(desc(formSubmission.createdAt)).limit(limit),
  )
}
