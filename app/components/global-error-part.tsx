import { lazyRenderedOnServer } from '#app/lib/lazy-rendered-on-server'

/** If even the last-resort screen cannot be fetched (the network went away before it came): a way out without words. */
function ReloadScreen() {
  return (
    <main className="grid min-h-dvh place-items-center bg-surface-muted px-6" role="alert">
      <button
        type="button"
        onClick={() => window.location.reload()}
        aria-label="Reload page"
        className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-xl text-accent-foreground"
      >
        ↻
      </button>
    </main>
  )
}

/*
 * The last-resort screen (global-error.tsx) as the root takes it: in the page's HTML whenever a
 * page fails on the server, and in the browser fetched once the page's load is over (root.tsx),
 * not with the page's first scripts, whose every kilobyte a fan on mobile data waits for
 * (ADR 026). Fetched ahead like that, it is there if the network goes away later.
 */
export const GlobalErrorScreen = lazyRenderedOnServer(() =>
  import('./global-error').then(
    (module) => ({ default: module.GlobalErrorScreen }),
    () => ({ default: ReloadScreen }),
  ),
)
