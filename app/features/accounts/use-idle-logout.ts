import { useEffect, useRef } from 'react'

export const IDLE_WARNING_MS = 25 * 60 * 1000
export const IDLE_LOGOUT_MS = 30 * 60 * 1000
/** Activity tells the server at most this often, which slides its own 30-minute limit. */
export const ACTIVITY_PING_MS = 60 * 1000
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const

type IdleOptions = {
  onWarning: () => void
  onLogout: () => void
  onActivityPing: () => void
  warningMs?: number
  logoutMs?: number
  pingMs?: number
}

/**
 * The inactivity timers of a signed-in session: a warning, then sign-out. Any mouse, key,
 * scroll or touch restarts both; `extend()` does the same from the warning's button.
 */
export function useIdleLogout({
  onWarning,
  onLogout,
  onActivityPing,
  warningMs = IDLE_WARNING_MS,
  logoutMs = IDLE_LOGOUT_MS,
  pingMs = ACTIVITY_PING_MS,
}: IdleOptions) {
  const callbacks = useRef({ onWarning, onLogout, onActivityPing })
  callbacks.current = { onWarning, onLogout, onActivityPing }
  const restart = useRef<() => void>(() => undefined)

  useEffect(() => {
    let warningTimer: ReturnType<typeof setTimeout>
    let logoutTimer: ReturnType<typeof setTimeout>
    let lastPing = Date.now()
    const schedule = () => {
      clearTimeout(warningTimer)
      clearTimeout(logoutTimer)
      warningTimer = setTimeout(() => callbacks.current.onWarning(), warningMs)
      logoutTimer = setTimeout(() => callbacks.current.onLogout(), logoutMs)
    }
    const onActivity = () => {
      schedule()
      if (Date.now() - lastPing >= pingMs) {
        lastPing = Date.now()
        callbacks.current.onActivityPing()
      }
    }
    restart.current = () => {
      lastPing = Date.now()
      schedule()
    }
    schedule()
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true })
    return () => {
      clearTimeout(warningTimer)
      clearTimeout(logoutTimer)
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity)
    }
  }, [warningMs, logoutMs, pingMs])

  return { extend: () => restart.current() }
}
