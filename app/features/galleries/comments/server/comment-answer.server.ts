import { data } from 'react-router'
import { retryAfterHeader } from '#app/lib/rate-limit.server'
import type { CommentFormResponse } from '../comments.schema'

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
