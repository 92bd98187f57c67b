import { z } from 'zod'
import { sanitizeFormText, wasSanitized } from '#app/features/marketing/marketing-forms.schema'
import { COMMENT_BODY_MAX, COMMENT_NAME_MAX, COMMENT_STATUSES } from './comment-rules'

/*
 * Fans' comments on a gallery or a single item (issue 14). Plain text only: the same sanitiser
 * as the marketing site's contact form removes script, `javascript:` and inline handlers, the
 * text is stored as typed otherwise and always rendered escaped. Messages are i18n keys; the
 * spec's own ("Input cannot be empty", "Name too long (max 100 characters)", "Message too long
 * (max 1000 characters)") are shared with the contact form.
 */

export {
  COMMENT_BODY_MAX,
  COMMENT_HONEYPOT,
  COMMENT_INTENT,
  COMMENT_MIN_SECONDS,
  COMMENT_NAME_MAX,
  COMMENT_STATUSES,
  COMMENTS_SHOWN,
  type CommentStatus,
} from './comment-rules'

const sanitizedText = (max: number, tooLongKey: string) =>
  z
    .string({ error: 'validation.empty' })
    .transform(sanitizeFormText)
    .pipe(z.string().min(1, 'validation.empty').max(max, tooLongKey))

export const ZCommentForm = z.object({
  contentId: z.uuid('comments.errors.notFound'),
  name: sanitizedText(COMMENT_NAME_MAX, 'validation.nameTooLong'),
  email: z
    .string()
    .trim()
    .max(254, 'validation.email')
    .optional()
    .transform((value) => value || null)
    .pipe(z.email('validation.email').nullable())
    .transform((value) => value?.toLowerCase() ?? null),
  body: sanitizedText(COMMENT_BODY_MAX, 'validation.messageTooLong'),
})
export type TCommentForm = z.infer<typeof ZCommentForm>

/** The text fields the sanitiser applies to. */
export const COMMENT_TEXT_FIELDS = ['name', 'body'] as const

export function commentWasSanitized(input: Record<string, unknown>) {
  return COMMENT_TEXT_FIELDS.some((field) => wasSanitized(input[field]))
}

/** A published comment as fans see it: no e-mail, nothing else about the fan. */
/** A comment as fans read it; `shownOn` is its day as the page writes it (formatted by the server, see findPublicComments). */
export type PublicComment = { id: string; name: string; body: string; createdAt: string; shownOn: string }

/** What a page's action answers to a comment form, with and without JavaScript. */
export type CommentFormResponse =
  | { intent: 'comment'; status: 'published' | 'pending'; sanitized: boolean; id: string }
  | {
      intent: 'comment'
      status: 'invalid'
      sanitized: boolean
      errors: Record<string, string[]>
      values: Record<string, string>
    }
  | { intent: 'comment'; status: 'refused'; reason: 'too-fast' | 'spam' }
  | { intent: 'comment'; status: 'rate-limited'; retryAfterSeconds: number }

/* ---- The company's moderation ---- */

export const COMMENTS_ADMIN_PAGE_SIZE = 50

export const ZCommentFilters = z.object({
  status: z
    .enum(COMMENT_STATUSES)
    .optional()
    .catch(undefined)
    .transform((value) => value ?? 'pending'),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .catch(undefined)
    .transform((value) => value ?? 1),
})
export type TCommentFilters = z.infer<typeof ZCommentFilters>

export function readCommentFilters(url: URL): TCommentFilters {
  return ZCommentFilters.parse(Object.fromEntries(url.searchParams))
}

export const ZCommentModeration = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), commentId: z.uuid() }),
  z.object({ intent: z.literal('hide'), commentId: z.uuid() }),
  z.object({ intent: z.literal('delete'), commentId: z.uuid() }),
  z.object({ intent: z.literal('auto-approve'), enabled: z.enum(['on', 'off']).transform((value) => value === 'on') }),
])
export type TCommentModeration = z.infer<typeof ZCommentModeration>
