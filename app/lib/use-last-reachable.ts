import { useRef } from 'react'
import { isUnreachable, type PanelUnreachable } from './panel-data'

/** A panel's data as last fetched: a fetch that got no answer (see panel-data.ts) keeps what was there. */
export function useLastReachable<T>(data: T | PanelUnreachable | undefined): T | undefined {
  const last = useRef<T | undefined>(undefined)
  if (data !== undefined && !isUnreachable(data)) last.current = data
  return last.current
}
