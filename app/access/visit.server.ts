import { resolveHost, type HostMatch } from '#app/access/resolve-host.server'
import { CLIENT_IP_HEADER } from '#app/lib/client-ip'
import { detectLanguage, type Language } from '#app/lib/i18n'

/*
 * What fans' use-cases may know of the HTTP request they serve, read once by the route:
 * which host it came to (the platform or a company's own address), the visitor's language,
 * their cookies, and where it came from (for the audit trail). Use-cases take a Visit, never a
 * Request, so a job or the API can call them too.
 */

export type Visit = {
  host: HostMatch
  language: Language
  cookies: ReadonlyMap<string, string>
  origin: RequestOrigin
  /** The path and query asked for, where a page may answer that it moved. */
  path?: string
}

/** Where a request came from, as the audit trail records it. */
export type RequestOrigin = { ipAddress: string | null; userAgent: string | null }

export function readCookies(cookieHeader: string | null | undefined) {
  const cookies = new Map<string, string>()
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name && !cookies.has(name)) cookies.set(name, rest.join('='))
  }
  return cookies
}

export function requestOrigin(request: Request): RequestOrigin {
  return {
    ipAddress: request.headers.get(CLIENT_IP_HEADER) || null,
    userAgent: request.headers.get('user-agent')?.slice(0, 500) || null,
  }
}

/** The request's host as the one host resolver sees it. */
export function requestHost(request: Request) {
  return resolveHost(new URL(request.url).host)
}

export async function visitOf(request: Request): Promise<Visit> {
  const url = new URL(request.url)
  return {
    host: await requestHost(request),
    language: detectLanguage(request),
    cookies: readCookies(request.headers.get('cookie')),
    origin: requestOrigin(request),
    path: url.pathname + url.search,
  }
}
