import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { CommentsModerationPage } from '#app/features/galleries/comments/components/comments-moderation-page'
import { readCommentFilters, ZCommentModeration } from '#app/features/galleries/comments/comments.schema'
import { deleteComment } from '#app/features/galleries/comments/server/delete-comment.server'
import { findComments } from '#app/features/galleries/comments/server/find-comments.server'
import { moderateComment } from '#app/features/galleries/comments/server/moderate-comment.server'
import { setCommentsAutoApprove } from '#app/features/galleries/comments/server/set-comments-auto-approve.server'
import { can } from '#app/features/members/permissions'
import { actionSuccess, revalidateUnlessUnchanged } from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/comments'

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const filters = readCommentFilters(new URL(request.url))
  const list = await findComments(member, filters)
  return { ...list, status: filters.status, canChangeSettings: can(member.actor.role, 'comments.settings') }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  return intentAction(request, ZCommentModeration, {
    approve: async ({ commentId }) => {
      await moderateComment(member, commentId, 'approve')
      return actionSuccess('commentModeration.toasts.approved')
    },
    hide: async ({ commentId }) => {
      await moderateComment(member, commentId, 'hide')
      return actionSuccess('commentModeration.toasts.hidden')
    },
    delete: async ({ commentId }) => {
      await deleteComment(member, commentId)
      return actionSuccess('commentModeration.toasts.deleted')
    },
    'auto-approve': async ({ enabled }) => {
      await setCommentsAutoApprove(member, enabled)
      return actionSuccess(enabled ? 'commentModeration.toasts.autoOn' : 'commentModeration.toasts.autoOff')
    },
  })
})

// A decision that cannot reach the server (or fails there) is a toast, never the error screen.
export const clientAction = resilientClientAction('errors.updateFailed', { delete: 'errors.deleteFailed' })
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Comments · Afterglow' }]

export default function Comments({ loaderData }: Route.ComponentProps) {
  return <CommentsModerationPage {...loaderData} />
}

export const ErrorBoundary = AdminRouteErrorBoundary
