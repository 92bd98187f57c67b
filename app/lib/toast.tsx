import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type * as SonnerModule from 'sonner'

/*
 * Toasts without sonner in every page's first download (ADR 025): the library and its <Toaster>
 * arrive the first time something is announced, and the message waits until the Toaster listens,
 * so nothing said early is lost. Fans who never see a toast never download it.
 */
type Sonner = typeof SonnerModule
type Message = Parameters<Sonner['toast']['success']>[0]
type Options = Parameters<Sonner['toast']['success']>[1]

let sonner: Promise<Sonner> | null = null
let wanted = false
let markReady: () => void = () => undefined
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})
const listeners = new Set<() => void>()

/** The library, fetched once; a fetch that failed (the network dropped meanwhile) is tried again next time, not kept as a failure. */
function loadSonner() {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null
    throw error
  })
  return sonner
}

function want() {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return loadSonner()
}

function announce(kind: 'success' | 'error' | 'warning' | 'info' | 'message') {
  return (message: Message, options?: Options) => {
    void want().then(async (module) => {
      await ready
      module.toast[kind](message, options)
    })
  }
}

/*
 * A dark surface on screen (the fans' black photo viewer) asks for dark toasts while it is open:
 * a pale toast flashing over a black viewer glares. Counted, so nested surfaces unwind cleanly.
 */
let darkSurfaces = 0
const themeListeners = new Set<() => void>()

function setDarkSurfaces(change: number) {
  darkSurfaces += change
  for (const listener of themeListeners) listener()
}

/** While the calling component is mounted, toasts use the dark theme. */
export function useDarkToasts() {
  useEffect(() => {
    setDarkSurfaces(1)
    return () => setDarkSurfaces(-1)
  }, [])
}

// How the Toaster looks (toaster.tsx) comes with sonner.
const loadToaster = () => import('./toaster')

/** Staff screens fetch the toasts' code ahead (when idle), so a toast can still appear with the network gone. */
export function preloadToasts() {
  loadSonner()
    .then(loadToaster)
    .catch(() => undefined)
}

export const toast = {
  success: announce('success'),
  error: announce('error'),
  warning: announce('warning'),
  info: announce('info'),
  message: announce('message'),
}

// Rendered once something was announced, so sonner is on its way already; toaster.tsx imports it too.
const Toaster = lazy(loadToaster)

/** Mounted once in the root; renders nothing until the first toast. */
export function LazyToaster() {
  const isWanted = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    () => wanted,
    () => false,
  )
  const isDark = useSyncExternalStore(
    (onChange) => {
      themeListeners.add(onChange)
      return () => themeListeners.delete(onChange)
    },
    () => darkSurfaces > 0,
    () => false,
  )
  if (!isWanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster dark={isDark} onListening={markReady} />
    </Suspense>
  )
}
