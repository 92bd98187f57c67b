import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { libreTranslateProvider, TranslationUnavailableError } from './libretranslate.server'
import { startFakeLibreTranslate, type FakeLibreTranslate } from '../../../tests/support/libretranslate-server'

const API_KEY = 'test-key'

let server: FakeLibreTranslate

beforeAll(async () => {
  server = await startFakeLibreTranslate({ apiKey: API_KEY })
})
afterAll(() => server.close())
beforeEach(() => {
  server.mode = 'ok'
  server.failingTargets.clear()
  server.requests.length = 0
})

function provider(options: { apiKey?: string; timeoutMs?: number; url?: string } = {}) {
  return libreTranslateProvider({
    url: options.url ?? server.url,
    apiKey: 'apiKey' in options ? options.apiKey : API_KEY,
    timeoutMs: options.timeoutMs,
  })
}

/** The TranslationUnavailableError `work` rejects with (fails the test on anything else). */
async function failureOf(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(TranslationUnavailableError)
  return error as TranslationUnavailableError
}

describe('LibreTranslate provider', () => {
  it('translates one text, sending it as LibreTranslate expects with the API key', async () => {
    await expect(provider().translate(['Hello'], 'en', 'pt')).resolves.toEqual(['[pt] Hello'])
    expect(server.requests).toEqual([{ q: 'Hello', source: 'en', target: 'pt', format: 'text', api_key: API_KEY }])
  })

  it('translates several texts in one request, in order', async () => {
    const texts = ['Summer Fest', 'Live music all night', 'Photos from the main stage']
    await expect(provider().translate(texts, 'en', 'es')).resolves.toEqual(texts.map((text) => `[es] ${text}`))
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0].q).toEqual(texts)
  })

  it('carries long texts in any script whole', async () => {
    const long = 'Ação, música e fotografias — 🎸 ¡Qué noche! '.repeat(100)
    expect(long.length).toBeGreaterThan(4000)
    await expect(provider().translate([long, 'short'], 'en', 'fr')).resolves.toEqual([`[fr] ${long}`, '[fr] short'])
  })

  it('never sends blank texts and keeps their places', async () => {
    await expect(provider().translate(['', 'Hello', '  ', 'World'], 'en', 'fr')).resolves.toEqual([
      '',
      '[fr] Hello',
      '  ',
      '[fr] World',
    ])
    expect(server.requests.map((request) => request.q)).toEqual([['Hello', 'World']])
  })

  it('makes no request when there is nothing to translate', async () => {
    await expect(provider().translate(['', ' '], 'en', 'pt')).resolves.toEqual(['', ' '])
    await expect(provider().translate([], 'en', 'pt')).resolves.toEqual([])
    await expect(provider().translate(['Hello'], 'en', 'en')).resolves.toEqual(['Hello'])
    expect(server.requests).toEqual([])
  })

  it('sends no api_key when none is configured', async () => {
    const open = await startFakeLibreTranslate()
    try {
      await expect(
        provider({ url: `${open.url}/`, apiKey: undefined }).translate(['Hello'], 'en', 'pt'),
      ).resolves.toEqual(['[pt] Hello'])
      expect(open.requests[0]).not.toHaveProperty('api_key')
    } finally {
      await open.close()
    }
  })

  it('reports a wrong API key (403) with the service’s message', async () => {
    const error = await failureOf(provider({ apiKey: 'wrong-key' }).translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({
      provider: 'libretranslate',
      reason: 'rejected',
      status: 403,
      providerMessage: 'Invalid API key',
    })
    expect(error.message).toBe('libretranslate: rejected (HTTP 403): Invalid API key')
    expect(error.message).not.toContain('wrong-key')
  })

  it('reports a missing API key (400)', async () => {
    const error = await failureOf(provider({ apiKey: undefined }).translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({
      reason: 'rejected',
      status: 400,
      providerMessage: 'Please contact the server operator to get an API key',
    })
  })

  it('reports rate limiting (429)', async () => {
    server.mode = 'rate-limit'
    const error = await failureOf(provider().translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({ reason: 'rejected', status: 429, providerMessage: 'Slowdown: 1 per 1 minute' })
  })

  it('reports a server error (500)', async () => {
    server.mode = 'crash'
    const error = await failureOf(provider().translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({
      reason: 'rejected',
      status: 500,
      providerMessage: 'Cannot translate text: model failed to load',
    })
  })

  it('keeps a proxy’s HTML error page short', async () => {
    server.mode = 'proxy-error'
    const error = await failureOf(provider().translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({ reason: 'rejected', status: 502 })
    expect(error.providerMessage!.length).toBeLessThanOrEqual(301)
    expect(error.providerMessage).toMatch(/^<html>.*…$/)
  })

  it('gives up on a service that does not answer in time', async () => {
    server.mode = 'hang'
    // On a real socket: the provider's own deadline ends the wait, and says which it was.
    const error = await failureOf(provider({ timeoutMs: 200 }).translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({ reason: 'timeout', status: null, providerMessage: 'no answer within 200 ms' })

    // When it ends the wait, on the test's own clock (whatever this machine's speed): at 200 ms,
    // not before. A fetch that never answers stands for the service; no socket runs on this clock.
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let settled = false
      const failure = failureOf(
        libreTranslateProvider({ url: server.url, timeoutMs: 200, fetch: hanging }).translate(['Hello'], 'en', 'pt'),
      ).finally(() => (settled = true))
      await vi.advanceTimersByTimeAsync(199)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await failure).toMatchObject({ reason: 'timeout', status: null })
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops when the caller’s signal aborts', async () => {
    server.mode = 'hang'
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await failureOf(provider().translate(['Hello'], 'en', 'pt', controller.signal))
    expect(error).toMatchObject({ reason: 'aborted', status: null })
  })

  it('reports the caller’s own deadline as a timeout', async () => {
    server.mode = 'hang'
    const error = await failureOf(provider().translate(['Hello'], 'en', 'pt', AbortSignal.timeout(100)))
    expect(error).toMatchObject({ reason: 'timeout', status: null })
  })

  it('reports a service that cannot be reached', async () => {
    const gone = await startFakeLibreTranslate()
    await gone.close()
    const error = await failureOf(provider({ url: gone.url }).translate(['Hello'], 'en', 'pt'))
    expect(error).toMatchObject({ reason: 'network', status: null })
    expect(error.providerMessage).toContain('ECONNREFUSED')
  })

  it.each([
    ['not-json', 'a body that is not JSON'],
    ['wrong-shape', 'JSON without translatedText'],
    ['short', 'fewer translations than texts'],
  ] as const)('refuses a malformed answer: %s (%s)', async (mode, _description) => {
    server.mode = mode
    const error = await failureOf(provider().translate(['Hello', 'World'], 'en', 'pt'))
    expect(error).toMatchObject({ reason: 'bad-response', status: 200 })
  })
})
