import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { Translator } from './translator'

/** React side of the translator (ADR 025): a provider and `useTranslation()`; `<Trans>` is in trans.tsx. */
const TranslatorContext = createContext<Translator | null>(null)

export function TranslatorProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>
}

function useTranslator() {
  const i18n = useContext(TranslatorContext)
  if (!i18n) throw new Error('useTranslation() needs a <TranslatorProvider> above it')
  return i18n
}

export function useTranslation() {
  const i18n = useTranslator()
  // Re-render on language changes; `t` is a new function for each language.
  const t = useSyncExternalStore(
    (onChange) => i18n.subscribe(onChange),
    () => i18n.t,
    () => i18n.t,
  )
  return { t, i18n }
}
