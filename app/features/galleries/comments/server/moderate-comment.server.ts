import { and, eq } from 'drizzle-orm'
import { comment } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { needs, actorUserId, type TenantContext } from '#app/access/context'

const STATUS_OF = { approve: 'approved', hide: 'hidden' } as const

/** Shows a comment to fans (approve) or takes it out of their sight (hide); either can be undone. */
export const moderateComment = needs(
  'comments.moderate',
  async function moderateComment(context: TenantContext, commentId: string, decision: keyof typeof STATUS_OF) {
    const [changed] = await context.withTenant((tx) =>
      tx
        .update(comment)
        .set({ status: STATUS_OF[decision], moderatedBy: actorUserId(context), moderatedAt: new Date() })
        .where(and(eq(comment.id, commentId), eq(comment.companyId, context.company.id)))
        .returning({ id: comment.id }),
    )
    if (!changed) throw new AppError('NOT_FOUND', 'commentModeration.errors.notFound')
  },
)
