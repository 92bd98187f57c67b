import { and, eq } from 'drizzle-orm'
import { comment } from '#db/schema'
import { AppError } from '#app/lib/errors'
import { needs, type TenantContext } from '#app/access/context'

/** Removes a comment for good (spam, or a fan who asked); hiding is the way to keep it. */
export const deleteComment = needs(
  'comments.moderate',
  async function deleteComment(context: TenantContext, commentId: string) {
    const [deleted] = await context.withTenant((tx) =>
      tx
        .delete(comment)
        .where(and(eq(comment.id, commentId), eq(comment.companyId, context.company.id)))
        .returning({ id: comment.id }),
    )
    if (!deleted) throw new AppError('NOT_FOUND', 'commentModeration.errors.notFound')
  },
)
