import { z } from 'zod'
import type { Language } from '#app/lib/i18n'
import type { TranslationProvider } from './translation-provider.server'

/*
 * LibreTranslate over its HTTP API (ADR 031): `POST {url}/translate` with `q` as one text or a
 * list, answered by `translatedText` in the same form; failures answer 400/403/429/500 with
 * `{ error }`. Plain fetch, no SDK. Every failure becomes a TranslationUnavailableError, so
 * callers have one thing to catch and can leave the language empty.
 */

export type TranslationFailureReason =
  /** The service could not be reached (refused, reset, DNS). */
  | 'network'
  | 'timeout'
  /** The caller's signal stopped the request (other than by its own timeout). */
  | 'aborted'
  /** The service answered with an error status (bad key, rate limit, text too long, crash). */
  | 'rejected'
  /** A 2xx answer we cannot use: not JSON, wrong shape, or not one translation per text. */
  | 'bad-response'

export class TranslationUnavailableError extends Error {
  readonly provider: string
  readonly reason: TranslationFailureReason
  /** The HTTP status when the service answered, else null. */
  readonly status: number | null
  /** What the service said (its `error` field), else null. */
  readonly providerMessage: string | null

  constructor(options: {
    provider: string
    reason: TranslationFailureReason
    status?: number | null
    providerMessage?: string | null
    cause?: unknown
  }) {
    const { provider, reason, status = null, providerMessage = null, cause } = options
    super(
      `${provider}: ${reason}${status === null ? '' : ` (HTTP ${status})`}${providerMessage ? `: ${providerMessage}` : ''}`,
      { cause },
    )
    this.name = 'TranslationUnavailableError'
    this.provider = provider
    this.reason = reason
    this.status = status
    this.providerMessage = providerMessage
  }
}

const ZTranslateResponse = z.object({ translatedText: z.union([z.string(), z.array(z.string())]) })
const ZErrorResponse = z.object({ error: z.string() })

/** Error bodies can be a proxy's HTML page: keep messages short enough for a log line. */
const MAX_MESSAGE_LENGTH = 300

const PROVIDER = 'libretranslate'

export function libreTranslateProvider(options: {
  url: string
  apiKey?: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}): TranslationProvider {
  const { apiKey, fetch = globalThis.fetch, timeoutMs = 10_000 } = options
  const endpoint = `${options.url.replace(/\/+$/, '')}/translate`
  const fail = (
    reason: TranslationFailureReason,
    extra: { status?: number; providerMessage?: string | null; cause?: unknown } = {},
  ) => new TranslationUnavailableError({ provider: PROVIDER, reason, ...extra })

  async function post(q: string[], from: Language, to: Language, signal: AbortSignal | undefined): Promise<string[]> {
    const timer = new AbortController()
    const timeout = setTimeout(
      () => timer.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    )
    const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal
    let status: number
    let ok: boolean
    let body: string
    try {
      // One text goes as a plain string: every LibreTranslate version accepts that form.
      const payload = {
        q: q.length === 1 ? q[0] : q,
        source: from,
        target: to,
        format: 'text',
        ...(apiKey ? { api_key: apiKey } : {}),
      }
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: combined,
      })
      status = response.status
      ok = response.ok
      // The body read is under the same deadline: a server that stalls mid-answer also times out.
      body = await response.text()
    } catch (error) {
      // A caller's AbortSignal.timeout() is a deadline too, and is reported as one.
      if (signal?.aborted) throw fail(isTimeout(signal.reason) ? 'timeout' : 'aborted', { cause: error })
      if (timer.signal.aborted)
        throw fail('timeout', { providerMessage: `no answer within ${timeoutMs} ms`, cause: error })
      throw fail('network', { providerMessage: networkMessage(error), cause: error })
    } finally {
      clearTimeout(timeout)
    }

    const json = parseJson(body)
    if (!ok) {
      const parsed = ZErrorResponse.safeParse(json)
      const message = parsed.success ? parsed.data.error : body.trim()
      throw fail('rejected', { status, providerMessage: truncate(message) || null })
    }
    const parsed = ZTranslateResponse.safeParse(json)
    if (!parsed.success)
      throw fail('bad-response', { status, providerMessage: 'expected { translatedText: string | string[] }' })
    const translated =
      typeof parsed.data.translatedText === 'string' ? [parsed.data.translatedText] : parsed.data.translatedText
    if (translated.length !== q.length) {
      throw fail('bad-response', { status, providerMessage: `${translated.length} translations for ${q.length} texts` })
    }
    return translated
  }

  return {
    name: PROVIDER,
    async translate(texts, from, to, signal) {
      // Blank texts never reach the service (it refuses an empty `q`); they keep their places.
      const positions = texts.flatMap((text, index) => (text.trim() ? [index] : []))
      if (positions.length === 0 || from === to) return [...texts]
      const translated = await post(
        positions.map((index) => texts[index]),
        from,
        to,
        signal,
      )
      const result = [...texts]
      positions.forEach((index, n) => {
        result[index] = translated[n]
      })
      return result
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isTimeout(reason: unknown) {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError'
}

function truncate(message: string) {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message
}

/** undici's "fetch failed" hides the useful part (ECONNREFUSED, ENOTFOUND) in `cause`. */
function networkMessage(error: unknown) {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined
  if (cause && typeof cause.code === 'string') return `${error.message} (${cause.code})`
  if (cause && typeof cause.message === 'string') return `${error.message} (${cause.message})`
  return error.message
}
