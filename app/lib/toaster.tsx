import { useEffect, type CSSProperties } from 'react'
import { Toaster } from 'sonner'

/*
 * sonner's Toaster as the app shows it, fetched with sonner the first time something is
 * announced (toast.tsx): every page carries only the announcing.
 */

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

function ListeningWhenMounted({ onListening }: { onListening: () => void }) {
  // Runs after the Toaster's own effects (children first): it is listening by now.
  useEffect(() => onListening(), [onListening])
  return null
}

/** `dark` while a dark surface is on screen (useDarkToasts); `onListening` once messages can be shown. */
export default function AppToaster({ dark, onListening }: { dark: boolean; onListening: () => void }) {
  return (
    <>
      {/* Sonner's own dark rich colours pass AA; the darkened light ones would not on black. Over the viewer they sit low, clear of its toolbar. */}
      <Toaster
        position={dark ? 'bottom-center' : 'top-center'}
        richColors
        closeButton
        theme={dark ? 'dark' : 'light'}
        style={dark ? undefined : READABLE_TOAST_COLOURS}
      />
      <ListeningWhenMounted onListening={onListening} />
    </>
  )
}
