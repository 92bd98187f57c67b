import type express from 'express'

/** Where a malformed address is sent within the app: a path only the catch-all not-found route matches. */
export const MALFORMED_ADDRESS_PATH = '/-/-/-/-/malformed-address'

// NUL and the other C0 controls (and DEL) name nothing: no slug, id or search contains them, and
// PostgreSQL refuses NUL in text, which would answer 500.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

function decodes(part: string) {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/** Whether an address's path or query carries a control character, or percent-encoding that decodes to nothing. */
export function isMalformedAddress(url: string) {
  if (CONTROL_CHARACTER.test(url)) return true
  const decoded = decodes(url.replaceAll('+', ' '))
  return decoded === null || CONTROL_CHARACTER.test(decoded)
}

/**
 * Malformed addresses are answered before any route reads their parts, once for every route:
 * they are shown the not-found page in the visitor's language (400 when only the query is
 * malformed, since the page exists), and the request goes no further.
 */
export function malformedAddresses(): express.RequestHandler {
  return (req, res, next) => {
    if (!isMalformedAddress(req.url)) return next()
    const [path] = req.url.split('?')
    res.locals.malformedAddress = isMalformedAddress(path) ? 'path' : 'query'
    // React Router reads the original address: both are replaced.
    req.url = MALFORMED_ADDRESS_PATH
    req.originalUrl = MALFORMED_ADDRESS_PATH
    next()
  }
}
