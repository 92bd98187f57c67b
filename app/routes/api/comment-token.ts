import { issueCommentFormToken } from '#app/features/galleries/comments/server/comment-form-token.server'

// A fresh start time for the comment form (the one in a cached page is as old as the page).
export function loader() {
  return Response.json({ token: issueCommentFormToken() }, { headers: { 'Cache-Control': 'no-store' } })
}
