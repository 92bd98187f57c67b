/*
 * Panels of a page that fetch their own data (a fetcher's `load` of a resource route) must not
 * take the page down when the network is gone: the failed fetch would reach the error screen and
 * blank whatever the admin was typing. Their routes answer the fetcher with this instead, and the
 * panel keeps showing what it last had.
 */
export const PANEL_UNREACHABLE = { unreachable: true } as const
export type PanelUnreachable = typeof PANEL_UNREACHABLE

/** A resource route's `clientLoader`: the server's data, or PANEL_UNREACHABLE when it cannot be reached. */
export async function panelData<T>({ serverLoader }: { serverLoader: () => Promise<T> }): Promise<T | PanelUnreachable> {
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
