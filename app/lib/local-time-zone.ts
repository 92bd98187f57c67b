import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * The zone to show times in: the reader's, once in the browser. The server cannot know it, so it
 * renders UTC and the browser switches to local time after hydrating (without a mismatch).
 */
export function useLocalTimeZone(): string | undefined {
  const isBrowser = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
  return isBrowser ? undefined : 'UTC'
}
