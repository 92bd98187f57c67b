import { lazy, Suspense, useEffect, useSyncExternalStore, type CSSProperties } from 'react'
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

/** Staff screens fetch the toasts' code ahead (when idle), so a toast can still appear with the network gone. */
export function preloadToasts() {
  loadSonner().catch(() => undefined)
}

export const toast = { success: announce('success'), error: announce('error'), warning: announce('warning'), info: announce('info'), message: announce('message') }

const Toaster = lazy(() => want().then((module) => ({ default: module.Toaster })))

function ReadyWhenMounted() {
  // Runs after the Toaster's own effects (children first): it is listening by now.
  useEffect(() => markReady(), [])
  return null
}

/** Mounted once in the root; renders nothing until the first toast. */
/**
 * Sonner's rich colours put 13 px text on pale backgrounds at 3:1 to 4.3:1 (success, warning,
 * info): under WCAG AA's 4.5:1 (axe flags them). The same hues, darkened to pass.
 */
const READABLE_TOAST_COLOURS = {
  '--success-text': '#006b24',
  '--warning-text': '#8a4b00',
  '--info-text': '#0b5cad',
  '--error-text': '#b00000',
} as CSSProperties

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
      {/* Sonner's own dark rich colours pass AA; the darkened light ones would not on black. Over the viewer they sit low, clear of its toolbar. */}
      <Toaster position={isDark ? 'bottom-center' : 'top-center'} richColors closeButton theme={isDark ? 'dark' : 'light'} style={isDark ? undefined : READABLE_TOAST_COLOURS} />
      <ReadyWhenMounted />
    </Suspense>
  )
}
