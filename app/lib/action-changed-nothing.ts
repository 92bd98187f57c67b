import type { ShouldRevalidateFunctionArgs } from 'react-router'

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
  return (
    typeof actionResult === 'object' &&
    actionResult !== null &&
    'ok' in actionResult &&
    actionResult.ok === false &&
    !('changed' in actionResult && actionResult.changed === true)
  )
}

/**
 * Whether the page stays at its address, the one case where a route may keep its data after an
 * action. A fetcher's answer that comes while a link is loading makes React Router ask every route
 * again, for the link's address and with the fetcher's submission, and finish the navigation with
 * those answers: a route that declined there would show the page it left under the new address
 * (a fan's first tap on a gallery's tab, made while the page counted the view, kept every file).
 */
export function staysOnPage({ currentUrl, nextUrl }: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl'>) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search
}
