import { data } from 'react-router'
import { retryAfterHeader } from '#app/lib/rate-limit.server'
import { refusalAt, type Knock } from '#app/lib/refusal-door.server'
import { COMMENT_INTENT } from '../comment-rules'
import type { CommentFormResponse } from '../comments.schema'
import { COMMENT_DOOR } from './comment-rate-limit.server'

const STATUS: Record<CommentFormResponse['status'], number> = {
  published: 200,
  pending: 200,
  invalid: 400,
  refused: 400,
  'rate-limited': 429,
}

/** A comment's outcome as the page action's answer: its HTTP status, and when to come back after a flood. */
export function commentAnswer(outcome: CommentFormResponse) {
  const headers = outcome.status === 'rate-limited' ? retryAfterHeader(outcome.retryAfterSeconds) : undefined
  return data<CommentFormResponse>(outcome, { status: STATUS[outcome.status], headers })
}

/**
 * A comment from an address already refused, answered before its page, gallery or company is
 * looked up: from the address alone before the form is read, or from the form's `intent` when
 * a script left it out of the address. Null for anything else (a view counted, a first comment).
 */
export function commentRefusal(knock: Knock, form?: Record<string, unknown>) {
  if (form && form.intent !== COMMENT_INTENT) return null
  const asked = form ? { ...knock, search: new URLSearchParams({ intent: COMMENT_INTENT }) } : knock
  const seconds = refusalAt(COMMENT_DOOR, asked)
  return seconds ? commentAnswer({ intent: 'comment', status: 'rate-limited', retryAfterSeconds: seconds }) : null
}
