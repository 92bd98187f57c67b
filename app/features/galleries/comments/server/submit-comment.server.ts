import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { comment, contentItem, organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import type { PublicContext } from '#app/access/context'
import { getSessionSecret } from '#app/lib/session-secret.server'
import { AppError } from '#app/lib/errors'
import { fieldErrors } from '#app/lib/form-errors'
import { sanitizeFormText } from '#app/features/marketing/marketing-forms.schema'
import { consumeRateLimit } from '#app/lib/rate-limit.server'
import { COMMENT_RATE_LIMIT } from './comment-rate-limit.server'
import type { Visit } from '#app/access/visit.server'
import {
  COMMENT_HONEYPOT,
  COMMENT_MIN_SECONDS,
  commentWasSanitized,
  ZCommentForm,
  type CommentFormResponse,
} from '../comments.schema'
import { readCommentFormToken } from './comment-form-token.server'
import { recordServerEvent } from '#app/features/analytics/server/record-server-event.server'

type SubmitOptions = { clientAddress: string; now?: number }

/**
 * A fan's comment on a published gallery or single item of the company whose page it was sent
 * from. In order: the item must be this company's and published (else NOT_FOUND); invalid input
 * comes back with its messages and uses up nothing; then the visitor's rate limit; then the
 * spam guards (honeypot, too fast), refused without storing; then it is stored, pending unless
 * the company approves comments automatically. Every stored or refused submission is audited.
 */
export async function submitComment(
  context: Pick<PublicContext, 'company' | 'read' | 'record'>,
  visit: Pick<Visit, 'language' | 'origin' | 'cookies'>,
  input: Record<string, unknown>,
  options: SubmitOptions,
): Promise<CommentFormResponse> {
  const { company } = context
  const contentItemId = typeof input.contentId === 'string' ? input.contentId : ''
  const target = await findCommentable(context, contentItemId)
  if (!target) throw new AppError('NOT_FOUND', 'comments.errors.notFound', { companyName: company.name })

  const sanitized = commentWasSanitized(input)
  const parsed = ZCommentForm.safeParse(input)
  if (!parsed.success) {
    const text = (field: string) => (typeof input[field] === 'string' ? (input[field] as string) : '')
    const values = {
      name: sanitizeFormText(text('name')),
      email: text('email').trim(),
      body: sanitizeFormText(text('body')),
    }
    return { intent: 'comment', status: 'invalid', sanitized, errors: fieldErrors(parsed.error), values }
  }

  const decision = await consumeRateLimit(COMMENT_RATE_LIMIT, options.clientAddress)
  if (!decision.allowed)
    return { intent: 'comment', status: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds }

  const audit = {
    category: 'comment_submission',
    companyId: company.id,
    tableName: 'comments',
    ipAddress: visit.origin.ipAddress,
    userAgent: visit.origin.userAgent,
  } as const
  const now = options.now ?? Date.now()
  const issuedAt = readCommentFormToken(input.startedAt, now)
  const honeypot = typeof input[COMMENT_HONEYPOT] === 'string' && (input[COMMENT_HONEYPOT] as string).trim() !== ''
  const reason =
    honeypot || issuedAt === null ? 'spam' : now - issuedAt < COMMENT_MIN_SECONDS * 1000 ? 'too-fast' : null
  if (reason) {
    await recordAuditEvent({ ...audit, action: 'comments.refused', details: { contentItemId: target.id, reason } })
    return { intent: 'comment', status: 'refused', reason }
  }

  const { name, email, body } = parsed.data
  const [stored] = await context.record(async (tx) => {
    const [settings] = await tx
      .select({ autoApprove: organization.commentsAutoApprove })
      .from(organization)
      .where(eq(organization.id, company.id))
    return tx
      .insert(comment)
      .values({
        companyId: company.id,
        contentItemId: target.id,
        name,
        email,
        body,
        status: settings?.autoApprove ? 'approved' : 'pending',
        visitorHash: visitorHash(company.id, options.clientAddress, visit.origin.userAgent),
        language: visit.language,
      })
      .returning({ id: comment.id, status: comment.status })
  })
  await recordAuditEvent({
    ...audit,
    action: 'comments.submit',
    recordId: stored.id,
    details: { contentItemId: target.id, status: stored.status, sanitized },
  })
  // Counted in analytics as it was written, whatever the moderation decides later.
  await recordServerEvent(company.id, visit, { type: 'comment', contentId: target.id, eventId: null })
  return { intent: 'comment', status: stored.status === 'approved' ? 'published' : 'pending', sanitized, id: stored.id }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The company's published item a comment may be left on: another company's or a draft is not found. */
async function findCommentable({ company, read }: Pick<PublicContext, 'company' | 'read'>, contentItemId: string) {
  if (!UUID.test(contentItemId)) return null
  const [found] = await read((tx) =>
    tx
      .select({ id: contentItem.id })
      .from(contentItem)
      .where(
        and(
          eq(contentItem.id, contentItemId),
          eq(contentItem.companyId, company.id),
          eq(contentItem.status, 'published'),
        ),
      ),
  )
  return found ?? null
}

/** Keyed, so the stored value cannot be turned back into an address by trying them all. */
function visitorHash(companyId: string, address: string, userAgent: string | null) {
  const key = createHmac('sha256', getSessionSecret()).update('afterglow:comment-visitor:v1').digest()
  return createHmac('sha256', key)
    .update(`${companyId}|${address}|${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 22)
}
