import { lazy, type ComponentType } from 'react'

/*
 * `React.lazy` for a part of a fans' page that is in its HTML (for fans without JavaScript and in
 * the page cache) but not in the first download of its script. The server loads the part as soon
 * as this module loads and then hands React a thenable that is already settled, so no server render
 * waits on it; otherwise the first page after a start would ship the part as a late streamed chunk
 * that only a script can put in place. Browsers fetch it as a file of its own while hydrating; the
 * server's HTML stays on screen meanwhile. With `onDemand`, a hydrating browser waits for the first
 * `preload()` instead (hydrated-on-demand.tsx says who calls it), and a fetch that failed (the
 * network went away) leaves the part as the server drew it until the next `preload()` tries again.
 */
export function lazyRenderedOnServer<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  { onDemand = false } = {},
) {
  type Part = { default: ComponentType<Props> }
  let loaded: Part | undefined
  let loading: Promise<Part> | undefined
  let wanted = false
  const waiting: Array<() => void> = []
  const nextAsk = () => new Promise<void>((resolve) => waiting.push(resolve))
  const preload = () => {
    wanted = true
    for (const resolve of waiting.splice(0)) resolve()
    return (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  }
  const whenWanted = (): Promise<Part> =>
    (wanted ? preload() : nextAsk().then(preload)).catch(() => nextAsk().then(whenWanted))
  if (typeof document === 'undefined') void preload()
  // A thenable that calls back at once lets React use the part in the same render.
  const component = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: Part) => void) => resolve(loaded!) } as unknown as Promise<Part>)
      : onDemand
        ? whenWanted()
        : preload(),
  )
  return Object.assign(component, { preload, isLoaded: () => loaded !== undefined })
}
