import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** CSP nonce for inline scripts of this response */
    nonce: string
    /** Set when the address carried a control character (server/malformed-addresses.ts): where. */
    malformedAddress?: 'path' | 'query'
  }
}

export {}
