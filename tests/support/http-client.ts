import http from 'node:http'
import { inject } from 'vitest'

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; json: <T = any>() => T }

/** `raw`: a body sent as it is, with the caller's content-type (malformed bodies on purpose). */
type RequestOptions = {
  method?: string
  json?: unknown
  form?: Record<string, string>
  raw?: string | Buffer
  headers?: Record<string, string>
  /** Gives up on an answer that has not come in this time: a hang is then named, not a test's time-out. */
  timeoutMs?: number
}

// Random per test file: files share one app, and its rate limits remember addresses for a minute.
let nextAddress = Math.floor(Math.random() * 2_000_000)

/**
 * A browser-like client: keeps cookies, sends Origin on writes, never follows redirects.
 * Each client connects from its own loopback address, so rate limits see separate visitors.
 */
export class TestClient {
  readonly cookies = new Map<string, string>()
  readonly localAddress: string

  constructor(
    readonly baseUrl = inject('baseUrl'),
    localAddress?: string,
  ) {
    const n = nextAddress++
    this.localAddress =
      localAddress ?? `127.${(Math.floor(n / 62_500) % 250) + 1}.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value)
  }

  async request(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(path, this.baseUrl)
    const method =
      options.method ?? (options.json !== undefined || options.form || options.raw !== undefined ? 'POST' : 'GET')
    const headers: Record<string, string> = { ...options.headers }
    let body: string | Buffer | undefined
    if (options.raw !== undefined) {
      body = options.raw
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json)
      headers['content-type'] = 'application/json'
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = this.baseUrl
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader()
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, localAddress: this.localAddress }, (res) => {
        const chunks: Buffer[] = []
        // An answer cut off midway ends in 'error' or a 'close' without 'end' on the response, not
        // the request: without these, its promise never settled and a test hung with no I/O left.
        res.on('error', reject)
        res.on('close', () => {
          if (!res.complete) reject(new Error(`the connection closed before the whole answer came (${res.statusCode})`))
        })
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair, ...attributes] = line.split(';')
            const [name, ...value] = pair.split('=')
            const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()))
            if (expired) this.cookies.delete(name.trim())
            else this.cookies.set(name.trim(), value.join('='))
          }
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) })
        })
      })
      req.on('error', reject)
      if (options.timeoutMs)
        req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)))
      if (body) req.write(body)
      req.end()
    })
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers })
  }

  postJson(path: string, json: unknown, headers?: Record<string, string>) {
    return this.request(path, { json, headers })
  }

  /** Submits a form to a route action, as a browser without JavaScript would. */
  postForm(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request(path, { form, headers })
  }
}
