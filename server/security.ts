import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/**
 * The one kind of response that may be framed, and only by this site's own pages: a published
 * file's stream, which the player shows in the browser's PDF viewer (`<iframe src=/p/{id}/stream>`).
 */
export const SAME_ORIGIN_FRAMABLE = /^\/p\/[0-9a-f-]{36}\/stream$/i

/**
 * Security headers for every response. Scripts run only with this response's nonce; pages
 * cannot be framed (published file streams only by this site); HSTS only when the public URL is https.
 */
export function securityHeaders(options: { appUrl: string; isDevelopment: boolean }) {
  const isHttps = options.appUrl.startsWith('https://')
  return (req: Request, res: Response, next: NextFunction) => {
    const framable = SAME_ORIGIN_FRAMABLE.test(req.path)
    const nonce = randomBytes(16).toString('base64')
    res.locals.nonce = nonce
    const scriptSrc = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`]
    const connectSrc = [`'self'`]
    if (options.isDevelopment) connectSrc.push('ws:')
    res.setHeader(
      'Content-Security-Policy',
      [
        `default-src 'self'`,
        `script-src ${scriptSrc.join(' ')}`,
        `style-src 'self' 'unsafe-inline'`,
        `img-src 'self' data: blob:`,
        `media-src 'self' blob:`,
        `font-src 'self'`,
        `connect-src ${connectSrc.join(' ')}`,
        `object-src 'none'`,
        `base-uri 'self'`,
        `form-action 'self'`,
        `frame-ancestors ${framable ? `'self'` : `'none'`}`,
        ...(isHttps ? ['upgrade-insecure-requests'] : []),
      ].join('; '),
    )
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (isHttps) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF: a state-changing request must come from a page of this site. Browsers send Origin on
 * every cross-site POST (and Sec-Fetch-Site); a mismatch is refused before any handler runs.
 * Requests with neither header do not come from a browser page and carry no ambient risk.
 */
export function isCrossSiteRequest(input: { method: string; origin?: string; secFetchSite?: string; host?: string; appUrl: string }) {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false
  if (input.origin && input.origin !== 'null') {
    let originHost: string
    try {
      originHost = new URL(input.origin).host
    } catch {
      return true
    }
    return originHost !== input.host && input.origin !== input.appUrl
  }
  if (input.origin === 'null') return true
  return input.secFetchSite === 'cross-site'
}

export function csrfProtection(options: { appUrl: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const crossSite = isCrossSiteRequest({
      method: req.method,
      origin: req.get('origin'),
      secFetchSite: req.get('sec-fetch-site'),
      host: req.get('x-forwarded-host') && req.app.get('trust proxy') ? req.get('x-forwarded-host') : req.get('host'),
      appUrl: options.appUrl,
    })
    if (crossSite) {
      res.status(403).json({ error: 'cross_site_request', message: 'Cross-site request refused' })
      return
    }
    next()
  }
}
