import { memo, Suspense, useEffect, useRef, type ComponentType } from 'react'
import { useFetchers, useNavigation } from 'react-router'
import { lazyRenderedOnServer } from './lazy-rendered-on-server'

// A fan reaching for the part: a pointer over or on it, focus or a key in it, a <details> in it opened.
const REACHING = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'toggle']

/*
 * A part of a fans' page that is in its HTML (lazyRenderedOnServer) but whose script the browser
 * fetches only when the fan reaches for it, not while the page loads. Until then React keeps the
 * part's server HTML as it is (a dehydrated Suspense boundary): its links, forms and <details>
 * work as without JavaScript, and once the script is there React hydrates it in place, keeping
 * what the fan typed or opened and replaying focus. React does not replay a click made on it
 * meanwhile (React 19 stops it), so every control in such a part must work without its script.
 * A page reached by a link loads the part in its clientLoader (`preload`) and shows it at once.
 *
 * React keeps a dehydrated boundary only while nothing above it changes: new props would replace
 * its HTML with the fallback, so the part is memoized (give it values from loader data); a
 * transition that changes the router's state is held until the part's script is there, so a
 * fetcher in flight or a form being sent fetches it at once.
 */
export function hydratedOnDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const Part = lazyRenderedOnServer(load, { onDemand: true })
  const reach = () => void Part.preload().catch(() => undefined)
  function OnDemand(props: Props) {
    const box = useRef<HTMLDivElement>(null)
    const fetching = useFetchers().some((fetcher) => fetcher.state !== 'idle')
    const sending = useNavigation().state === 'submitting'
    // In render: a held transition's effects would run only once the part is there.
    if (fetching || sending) reach()
    useEffect(() => {
      const element = box.current
      if (!element || Part.isLoaded()) return
      const listening = new AbortController()
      for (const type of REACHING) element.addEventListener(type, reach, { capture: true, signal: listening.signal })
      return () => listening.abort()
    }, [])
    return (
      <div ref={box} className="contents">
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    )
  }
  return Object.assign(memo(OnDemand), { preload: Part.preload })
}
