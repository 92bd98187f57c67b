import { isRouteErrorResponse, type ClientActionFunctionArgs } from 'react-router'
import type { ActionResult } from './action-result'

/** The spec's failure texts: what was being done when the server failed. */
export type FailureKey =
  | 'errors.saveFailed'
  | 'errors.updateFailed'
  | 'errors.deleteFailed'
  | 'content.errors.gallerySave'

/**
 * An admin form's save that fails on the way (no network) or on the server (a 5xx) answers like
 * any refused save: a toast with the spec's "network error", or the failure text of what the
 * button does ("save failed" for something new, "update failed" for a change, "delete failed" for
 * a removal), and the form with what was typed left as it was. Without it, the page would give
 * way to the error screen and the admin's typing would be lost. Refusals (4xx) and redirects pass
 * through unchanged.
 *
 * `failureKey` is the page's usual text (or the text for the request, when the page's address
 * says what is saved); `failureKeyByIntent` names the buttons (the form's
 * `intent`) that do something else, such as a delete button on an edit page.
 *
 * For admin actions, whose answers are ActionResults (their redirects arrive thrown).
 */
export function resilientClientAction(
  failureKey: FailureKey | ((request: Request) => FailureKey) = 'errors.saveFailed',
  failureKeyByIntent: Partial<Record<string, FailureKey>> = {},
) {
  return async ({
    request,
    serverAction,
  }: Pick<ClientActionFunctionArgs, 'request' | 'serverAction'>): Promise<ActionResult> => {
    // serverAction() reads the request's body: a copy taken first still says which button it was.
    const sent = request.clone()
    try {
      return await serverAction<ActionResult>()
    } catch (error) {
      if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error
      const offline = error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false)
      const usual = typeof failureKey === 'function' ? failureKey(sent) : failureKey
      const key = offline ? 'errors.network' : (failureKeyByIntent[await intentOf(sent)] ?? usual)
      return { ok: false, errors: { form: [key] } }
    }
  }
}

/** The `intent` a form was posted with ('' for forms with one purpose). */
async function intentOf(request: Request) {
  const form = await request.formData().catch(() => null)
  const intent = form?.get('intent')
  return typeof intent === 'string' ? intent : ''
}
