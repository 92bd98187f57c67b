import { revalidateUnlessUnchanged } from './action-result'
import type { LoadedApp } from './preload-page-code'

/*
 * Panels of a page that fetch their own data (a fetcher's `load` of a resource route) must not
 * take the page down when the network is gone: the failed fetch would reach the error screen and
 * blank whatever the admin was typing. Their routes answer the fetcher with this instead, and the
 * panel keeps showing what it last had.
 */
export const PANEL_UNREACHABLE = { unreachable: true } as const
export type PanelUnreachable = typeof PANEL_UNREACHABLE

/** A resource route's `clientLoader`: the server's data, or PANEL_UNREACHABLE when it cannot be reached. */
export async function panelData<T>({
  serverLoader,
}: {
  serverLoader: () => Promise<T>
}): Promise<T | PanelUnreachable> {
  try {
    return await serverLoader()
  } catch (error) {
    // fetch() rejects with a TypeError only when no answer came; answers the server refused are thrown as they are.
    if (error instanceof TypeError) return PANEL_UNREACHABLE
    throw error
  }
}

export function isUnreachable(data: unknown): data is PanelUnreachable {
  return typeof data === 'object' && data !== null && 'unreachable' in data
}

/**
 * All a panel's route module holds in the browser (its loader and action run on the server). The
 * panel routes export these very functions, and the panels put them in React Router's cache of
 * route modules themselves (`knowPanelRoute`).
 */
export const PANEL_ROUTE_CLIENT = { clientLoader: panelData, shouldRevalidate: revalidateUnlessUnchanged }

/** The panel routes, by React Router's route id. */
export const PANEL_ROUTES = {
  live: 'routes/admin/content.live',
  protection: 'routes/admin/content.protection',
  setlist: 'routes/admin/content.$id.setlist',
  findMe: 'routes/admin/content.find-me',
} as const

/**
 * Registers a panel route's browser code before its first load. React Router would import the
 * route's module on the panel's first fetcher load, and reload the whole page if that import
 * failed: an admin whose network dropped in the editor's first moments (the panels load as it
 * comes up) landed on the browser's offline screen and lost what they had typed.
 */
export function knowPanelRoute(routeId: (typeof PANEL_ROUTES)[keyof typeof PANEL_ROUTES]) {
  const loaded = (window as unknown as LoadedApp).__reactRouterRouteModules
  if (loaded && !(routeId in loaded)) loaded[routeId] = PANEL_ROUTE_CLIENT
}
