import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { nameRoute } from './request-log'

/**
 * The responses that may be framed, and only by this site's own pages: a published file's stream,
 * which the player shows in the browser's PDF viewer (`<iframe src=/p/{id}/stream>`), and the
 * live previews of the landing page and the template inside their settings.
 */
export const SAME_ORIGIN_FRAMABLE =
  /^(?:\/p\/[0-9a-f-]{36}\/stream|\/admin\/settings\/(?:landing-page|template)\/preview)$/i

type PolicyOptions = { isHttps: boolean; isDevelopment: boolean }

function contentSecurityPolicy(options: PolicyOptions & { scriptSources: string[]; framable: boolean }) {
  const connectSrc = [`'self'`]
  if (options.isDevelopment) connectSrc.push('ws:')
  return [
    `default-src 'self'`,
    `script-src ${options.scriptSources.join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `media-src 'self' blob:`,
    `font-src 'self'`,
    `connect-src ${connectSrc.join(' ')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${options.framable ? `'self'` : `'none'`}`,
    ...(options.isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

function headersFor(options: PolicyOptions & { scriptSources: string[]; framable: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': options.framable ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The camera for this site's own pages only: a fan's Find me selfie (ADR 103); never for a frame.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.isHttps ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

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
    const headers = headersFor({
      isHttps,
      isDevelopment: options.isDevelopment,
      scriptSources: [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`],
      framable,
    })
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    next()
  }
}

/**
 * The same headers without a nonce, made once: for responses that are the same for everyone and
 * carry no script of their own (fans' photos and streams, served ahead of the per-response middleware).
 */
export function fixedSecurityHeaders(options: { appUrl: string; isDevelopment: boolean }) {
  const base = {
    isHttps: options.appUrl.startsWith('https://'),
    isDevelopment: options.isDevelopment,
    scriptSources: [`'self'`],
  }
  const framable = headersFor({ ...base, framable: true })
  const notFramable = headersFor({ ...base, framable: false })
  return (path: string) => (SAME_ORIGIN_FRAMABLE.test(path) ? framable : notFramable)
}

/** A connection from this machine (the whole 127/8 block, or IPv6 ::1), as the proxy in front makes. */
export function isLoopbackAddress(address: string | undefined) {
  return Boolean(address) && (address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address!))
}

/**
 * A request made on this machine for itself (Caddy's certificate question), not a visitor's that
 * the proxy in front passed on: that one also comes from loopback, but carries X-Forwarded-For
 * or Forwarded, which Caddy and nginx add to what they forward.
 */
export function isLocalRequest(address: string | undefined, headers: Record<string, string | string[] | undefined>) {
  return isLoopbackAddress(address) && headers['x-forwarded-for'] === undefined && headers.forwarded === undefined
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF: a state-changing request must come from a page of this site. Browsers send Origin on
 * every cross-site POST (and Sec-Fetch-Site); a mismatch is refused before any handler runs.
 * Requests with neither header do not come from a browser page and carry no ambient risk.
 */
export function isCrossSiteRequest(input: {
  method: string
  origin?: string
  secFetchSite?: string
  host?: string
  appUrl: string
}) {
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
      nameRoute(res, 'cross-site refusal')
      res.status(403).json({ error: 'cross_site_request', message: 'Cross-site request refused' })
      return
    }
    next()
  }
}
