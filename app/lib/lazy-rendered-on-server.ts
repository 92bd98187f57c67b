import { lazy, type ComponentType } from 'react'

/*
 * `React.lazy` for a part of a fans' page that is in its HTML (for fans without JavaScript and in
 * the page cache) but not in the first download of its script. The server loads the part as soon
 * as this module loads and then hands React a thenable that is already settled, so no server render
 * waits on it; otherwise the first page after a start would ship the part as a late streamed chunk
 * that only a script can put in place. Browsers fetch it as a file of its own while hydrating; the
 * server's HTML stays on screen meanwhile.
 */
export function lazyRenderedOnServer<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: { default: ComponentType<Props> } | undefined
  let loading: Promise<{ default: ComponentType<Props> }> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module
      return module
    }))
  if (typeof document === 'undefined') void preload()
  // A thenable that calls back at once lets React use the part in the same render.
  const component = lazy(() => (loaded ? ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!) } as unknown as Promise<{ default: ComponentType<Props> }>) : preload()))
  return Object.assign(component, { preload })
}
