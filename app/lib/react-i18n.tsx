import { cloneElement, createContext, Fragment, isValidElement, useContext, useSyncExternalStore, type ReactElement, type ReactNode } from 'react'
import type { TOptions, Translator } from './translator'

/** React side of the translator (ADR 025): a provider, `useTranslation()` and `<Trans>`. */
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

const TAG = /<(\w+)>(.*?)<\/\1>/s

/** Renders "Read our <policy>privacy policy</policy>." with `components.policy` around the words. */
function withComponents(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = []
  let rest = text
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) nodes.push(rest.slice(0, match.index))
    const [whole, name, inner] = match
    const component = components[name]
    const children = withComponents(inner, components)
    nodes.push(isValidElement(component) ? cloneElement(component, { key: nodes.length }, ...children) : <Fragment key={nodes.length}>{children}</Fragment>)
    rest = rest.slice(match.index + whole.length)
  }
  if (rest) nodes.push(rest)
  return nodes
}

export function Trans({ i18nKey, values, components = {} }: { i18nKey: string; values?: TOptions; components?: Record<string, ReactElement> }) {
  const { t } = useTranslation()
  return <>{withComponents(t(i18nKey, values), components)}</>
}
