import { Suspense, useEffect } from 'react'
import { preload } from 'react-dom'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/root'
import { GlobalErrorScreen } from './components/global-error-part'
import { I18nProvider } from './components/i18n-provider'
import { catalogArea } from './lib/i18n-areas'
import { getRequestLanguage, shippedCatalog } from './lib/i18n.server'
import { keepCatalog } from './lib/shipped-catalogs'
import { requestHost } from '#app/access/visit.server'
import { useNonce } from './lib/nonce'
import { useRequestLanguage } from './lib/request-language'
import { LazyToaster } from './lib/toast'
import { actionChangedNothing, staysOnPage } from './lib/action-changed-nothing'
import { lazyRenderedOnServer } from './lib/lazy-rendered-on-server'
import { isUnavailableForNow } from './lib/errors'
import { ConsentBannerInPage, ConsentWhenDue } from './features/consent/components/consent-when-due'
import appStylesheet from './app.css?url'

// In the page's HTML when a page is missing; the browser fetches it only then.
const NotFoundScreen = lazyRenderedOnServer(() => import('./components/root-not-found'))

export async function loader({ request }: Route.LoaderArgs) {
  const language = getRequestLanguage(request)
  const area = catalogArea(new URL(request.url).pathname, (await requestHost(request)).kind === 'company')
  // The page names its texts' file; the render reads them from memory (shipped-catalogs.ts).
  const { href, resources } = shippedCatalog(language, area)
  keepCatalog(href, resources)
  return { language, catalog: href }
}

/** The translations shipped depend on the area (i18n-areas.ts): fetch them again when it changes. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, actionResult } = args
  if (actionChangedNothing(actionResult) && staysOnPage(args)) return false
  return args.defaultShouldRevalidate || catalogArea(currentUrl.pathname) !== catalogArea(nextUrl.pathname)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  const requestLanguage = useRequestLanguage()
  // The page's texts: it answers clicks once they are here too, so the browser asks for them at
  // once. Only the server's page names them: later the render that needs them fetches them.
  if (import.meta.env.SSR && data) preload(data.catalog, { as: 'fetch', crossOrigin: 'anonymous' })
  // Says when the page answers clicks itself: before hydration a click submits a form natively,
  // which works but skips the page's own handling (its toasts, its saves kept offline).
  // The browser tests wait for it; it is the same signal for anyone watching the page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    performance.mark('hydrated')
    // The last-resort screen, fetched once the load is over (at 2 s a slow phone was still loading the page): there if the network goes away later.
    window.setTimeout(() => void GlobalErrorScreen.preload(), 10_000)
  }, [])
  return (
    <html lang={data?.language ?? requestLanguage ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The one render-blocking file: with a precedence React puts it ahead of the script preloads it hoists, which would share its bandwidth. */}
        <link rel="stylesheet" href={appStylesheet} precedence="high" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* After the route's tags: a fans' page gives its company's colour first, and browsers take the first (install-links.ts). */}
        <meta name="theme-color" content="#0b0b0c" />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** A route that is a live preview framed by the admin (`handle.framedPreview`): the page around it asks for consent and shows toasts. */
function useFramedPreview() {
  // A venue's wall (`handle.chromeless`) is a screen no one clicks on: no banner, no toasts either.
  return useMatches().some((match) => {
    const handle = match.handle as { framedPreview?: boolean; chromeless?: boolean } | undefined
    return handle?.framedPreview || handle?.chromeless
  })
}

export default function App({ loaderData }: Route.ComponentProps) {
  const framed = useFramedPreview()
  return (
    <I18nProvider language={loaderData.language} catalog={loaderData.catalog}>
      <Outlet />
      {framed ? null : (
        <>
          <LazyToaster />
          <ConsentBannerInPage />
          {/* The consent card comes once, right after a choice, for 3 s: greeting every page load, it covered the bottom of a fan's gallery on a phone. */}
          <ConsentWhenDue remindOnLoad={false} />
        </>
      )}
    </I18nProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root')
  const requestLanguage = useRequestLanguage()
  if (((isRouteErrorResponse(error) && error.status === 404) || isUnavailableForNow(error)) && data) {
    return (
      <I18nProvider language={data.language} catalog={data.catalog}>
        <Suspense fallback={null}>
          <NotFoundScreen />
        </Suspense>
      </I18nProvider>
    )
  }
  // In the browser, for whoever debugs it; on the server the error was logged once already, with
  // its request's id (entry.server.tsx, handleError).
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error)
  // A request the app refused before any loader ran (a post to a page that takes none, a body
  // that is not a form): said as a refusal, not as a failure of ours.
  const refused = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500
  return (
    <Suspense fallback={null}>
      <GlobalErrorScreen language={data?.language ?? requestLanguage} refused={refused} />
    </Suspense>
  )
}
