import { useCallback, useState, type ComponentProps, type ComponentType } from 'react'
import { Link, matchRoutes, NavLink, type DataRouter } from 'react-router'
import { useNonce } from './nonce'

/**
 * A page's code fetched ahead of a click, by <link rel="modulepreload">. React Router's own
 * prefetching (PrefetchPageLinks, `prefetch="intent"`) imports the page's module, and when that
 * import fails it reloads the whole page: an admin whose network dropped, merely passing the
 * pointer over the menu, would land on the browser's offline screen and lose what they had typed.
 * A preload that cannot get through is simply not used; the click then fetches the code itself.
 */
export function PreloadPageCode({ page, onError }: { page: string; onError?: () => void }) {
  const nonce = useNonce()
  // What React Router's hydration keeps on window (its contexts would be two more names the
  // framework file exports to every page, fans' included).
  const {
    __reactRouterDataRouter: router,
    __reactRouterManifest: manifest,
    __reactRouterRouteModules: loaded,
  } = window as unknown as LoadedApp
  if (!router || !manifest || !loaded) return null
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const match of matchRoutes(router.routes, page, router.basename) ?? []) {
    const route = manifest.routes[match.route.id]
    // Routes of the page on screen are loaded already.
    if (!route || match.route.id in loaded) continue
    for (const href of [route.module, ...(route.imports ?? [])]) scripts.add(href)
    for (const href of route.css ?? []) styles.add(href)
  }
  return (
    <>
      {[...scripts].map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce || undefined} onError={onError} />
      ))}
      {[...styles].map((href) => (
        <link key={href} rel="prefetch" as="style" href={href} nonce={nonce || undefined} />
      ))}
    </>
  )
}

/** What React Router's hydration keeps on window: the router, the route manifest, the route modules loaded so far. */
export type LoadedApp = {
  __reactRouterDataRouter?: DataRouter
  __reactRouterManifest?: { routes: Record<string, { module: string; imports?: string[]; css?: string[] } | undefined> }
  __reactRouterRouteModules?: Record<string, unknown>
}

/**
 * Preloads `page`'s code once the pointer or the keyboard shows the intent to go there, and only
 * while the browser is online: a module preload that fails is remembered by the browser for the
 * page's lifetime, and the click would then fail the same import (React Router reloads the page
 * on screen, not the one asked for). Should one fail all the same (a network that drops halfway),
 * the click loads the page it names as a document.
 */
function usePreloadOnIntent(page: string) {
  const [wanted, setWanted] = useState(false)
  const [failed, setFailed] = useState(false)
  const want = useCallback(() => {
    if (navigator.onLine) setWanted(true)
  }, [])
  const fail = useCallback(() => setFailed(true), [])
  return {
    handlers: { onMouseEnter: want, onFocus: want, onTouchStart: want },
    preload: wanted ? <PreloadPageCode page={page} onError={fail} /> : null,
    failed,
  }
}

/** `Component` (a Link or a NavLink) made to fetch its page's code on intent (hover, focus, touch), safely offline. */
function preloadingOnIntent<Props extends { to: string }>(Component: ComponentType<Props>) {
  return function Preloading(props: Props) {
    const { handlers, preload, failed } = usePreloadOnIntent(props.to)
    return (
      <>
        <Component {...handlers} {...props} {...(failed ? { reloadDocument: true } : {})} />
        {preload}
      </>
    )
  }
}

/** A NavLink whose page's code is fetched on intent (hover, focus, touch), safely offline. */
export const PreloadingNavLink = preloadingOnIntent(
  NavLink as ComponentType<ComponentProps<typeof NavLink> & { to: string }>,
)

/** A Link whose page's code is fetched on intent (hover, focus, touch), safely offline. */
export const PreloadingLink = preloadingOnIntent(Link as ComponentType<ComponentProps<typeof Link> & { to: string }>)
