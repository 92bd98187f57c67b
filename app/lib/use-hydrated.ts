import { useSyncExternalStore } from 'react'

const noSubscription = () => () => undefined

/** False on the server and while the page hydrates, true once the browser runs the page. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
