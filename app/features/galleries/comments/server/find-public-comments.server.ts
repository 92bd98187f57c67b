import { and, desc, eq } from 'drizzle-orm'
import { comment } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { formatDate } from '#app/lib/format-date'
import { COMMENTS_SHOWN, type PublicComment } from '../comments.schema'

/**
 * What fans see of an item's comments: the approved ones, newest first (row-level security lets
 * no other through, migration 0021), and whether new ones wait for the company's review.
 * Each one's day is written here, in the fan's language and in UTC: the page is one cached copy
 * for every fan of that language (ADR 028), and its script carries no date formats (ADR 100).
 */
export async function findPublicComments(
  { company, read, commentsModerated }: Pick<PublicContext, 'company' | 'read' | 'commentsModerated'>,
  contentItemId: string,
  language: string,
) {
  return read(async (tx) => {
    const rows = await tx
      .select({ id: comment.id, name: comment.name, body: comment.body, createdAt: comment.createdAt })
      .from(comment)
      .where(
        and(
          eq(comment.companyId, company.id),
          eq(comment.contentItemId, contentItemId),
          eq(comment.status, 'approved'),
        ),
      )
      .orderBy(desc(comment.createdAt), desc(comment.id))
      .limit(COMMENTS_SHOWN)
    const comments: PublicComment[] = rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      shownOn: formatDate(row.createdAt, language, 'UTC'),
    }))
    return { comments, moderated: commentsModerated }
  })
}
