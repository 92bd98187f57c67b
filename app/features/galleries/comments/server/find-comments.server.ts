import { and, count, desc, eq } from 'drizzle-orm'
import { comment, contentItem, organization } from '#db/schema'
import { needs, type TenantContext } from '#app/access/context'
import {
  COMMENT_STATUSES,
  COMMENTS_ADMIN_PAGE_SIZE,
  type CommentStatus,
  type TCommentFilters,
} from '../comments.schema'

export type CommentListItem = {
  id: string
  name: string
  email: string | null
  body: string
  status: CommentStatus
  createdAt: string
  content: { id: string; title: string; kind: string }
}

/** The company's comments in one status, newest first, with how many each status holds. */
export const findComments = needs(
  'comments.moderate',
  async function findComments(context: TenantContext, filters: TCommentFilters) {
    const companyId = context.company.id
    return context.withTenant(async (tx) => {
      const tallies = await tx
        .select({ status: comment.status, count: count() })
        .from(comment)
        .where(eq(comment.companyId, companyId))
        .groupBy(comment.status)
      const counts = Object.fromEntries(
        COMMENT_STATUSES.map((status) => [status, tallies.find((row) => row.status === status)?.count ?? 0]),
      ) as Record<CommentStatus, number>
      const pageCount = Math.max(1, Math.ceil(counts[filters.status] / COMMENTS_ADMIN_PAGE_SIZE))
      const page = Math.min(filters.page, pageCount)
      const rows = await tx
        .select({
          id: comment.id,
          name: comment.name,
          email: comment.email,
          body: comment.body,
          status: comment.status,
          createdAt: comment.createdAt,
          contentId: contentItem.id,
          contentTitle: contentItem.title,
          contentKind: contentItem.kind,
        })
        .from(comment)
        .innerJoin(contentItem, eq(contentItem.id, comment.contentItemId))
        .where(and(eq(comment.companyId, companyId), eq(comment.status, filters.status)))
        .orderBy(desc(comment.createdAt), desc(comment.id))
        .limit(COMMENTS_ADMIN_PAGE_SIZE)
        .offset((page - 1) * COMMENTS_ADMIN_PAGE_SIZE)
      const [settings] = await tx
        .select({ autoApprove: organization.commentsAutoApprove })
        .from(organization)
        .where(eq(organization.id, companyId))
      const comments: CommentListItem[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        body: row.body,
        status: row.status as CommentStatus,
        createdAt: row.createdAt.toISOString(),
        content: { id: row.contentId, title: row.contentTitle, kind: row.contentKind },
      }))
      return { comments, counts, page, pageCount, autoApprove: Boolean(settings?.autoApprove) }
    })
  },
)
