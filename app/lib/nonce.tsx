import { createContext, useContext, type ReactNode } from 'react'

// The CSP nonce of this response. Browsers hide nonce attributes after parsing, so on the
// client the value is empty and React leaves the attribute alone.
const NonceContext = createContext('')

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>
}

export function useNonce() {
  return useContext(NonceContext)
}
