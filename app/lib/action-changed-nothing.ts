/*
 * Whether an action changed anything, apart from action-result.ts: the root reads it on every page,
 * fans' pages included, and they should not carry the admin's toast hook and zod error mapping.
 */

/**
 * Whether an action's answer says nothing changed (a refusal, a failed save): the page's data is
 * then as it was, and reloading it (as React Router does after every action) would only fail
 * again when the network is gone.
 */
export function actionChangedNothing(actionResult: unknown) {
  return typeof actionResult === 'object' && actionResult !== null && 'ok' in actionResult && actionResult.ok === false && !('changed' in actionResult && actionResult.changed === true)
}

/** Revalidate after an action unless it changed nothing (see actionChangedNothing). */
export function revalidateUnlessUnchanged({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  return actionChangedNothing(actionResult) ? false : defaultShouldRevalidate
}
