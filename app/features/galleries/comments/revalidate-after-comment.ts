import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { staysOnPage } from '#app/lib/action-changed-nothing'
import { COMMENT_INTENT } from './comment-rules'

/**
 * A fans' page loads again after a comment only when it went live at once (to show it); one
 * that waits for approval, or was refused, changes nothing fans see.
 */
export function revalidateAfterComment(args: ShouldRevalidateFunctionArgs) {
  if (args.formData?.get('intent') === COMMENT_INTENT && staysOnPage(args)) {
    const result = args.actionResult as { status?: unknown } | undefined
    return result?.status === 'published'
  }
  return args.defaultShouldRevalidate
}
