import { isRouteErrorResponse, type ClientActionFunctionArgs } from 'react-router'
import type { ActionResult } from './action-result'

export type FailureKey = 'errors.saveFailed' | 'errors.updateFailed' | 'errors.deleteFailed'

/**
 * A form's save that fails on the way (no network) or on the server (a 5xx) answers its fetcher
 * like any refused save: a toast with the spec's "network error" or "save failed", the form and
 * what was typed left as they were. Without it, the page would give way to the error screen and
 * the admin's typing would be lost. Refusals (4xx) and redirects pass through unchanged.
 */
export function resilientClientAction(failureKey: FailureKey = 'errors.saveFailed') {
  return async ({ serverAction }: Pick<ClientActionFunctionArgs, 'serverAction'>) => {
    try {
      return await serverAction()
    } catch (error) {
      if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error
      const offline = error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false)
      return { ok: false, errors: { form: [offline ? 'errors.network' : failureKey] } } satisfies ActionResult
    }
  }
}
