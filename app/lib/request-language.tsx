import { createContext, useContext, type ReactNode } from 'react'
import { isLanguage, type Language } from './i18n'

/*
 * The visitor's language as the server read it from the request, for what renders when the root
 * loader did not run (a refused post: React Router answers before any loader). On the client the
 * page's own `lang` says it, so hydration renders the same.
 */
const RequestLanguageContext = createContext<Language | undefined>(undefined)

export function RequestLanguageProvider({ value, children }: { value: Language; children: ReactNode }) {
  return <RequestLanguageContext.Provider value={value}>{children}</RequestLanguageContext.Provider>
}

export function useRequestLanguage(): Language | undefined {
  const fromServer = useContext(RequestLanguageContext)
  if (fromServer) return fromServer
  const fromPage = typeof document === 'undefined' ? undefined : document.documentElement.lang
  return isLanguage(fromPage) ? fromPage : undefined
}
