import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/lib/env.server'
import { startFakeLibreTranslate, type FakeLibreTranslate } from '../../../tests/support/libretranslate-server'
import { getTranslationProvider } from './translation-provider.server'

let server: FakeLibreTranslate

beforeAll(async () => {
  server = await startFakeLibreTranslate({ apiKey: 'env-key' })
})
afterAll(() => server.close())

describe('getTranslationProvider', () => {
  it('is null without TRANSLATE_URL: texts stay in the languages written', () => {
    expect(getTranslationProvider(parseEnv({}))).toBeNull()
    expect(getTranslationProvider(parseEnv({ TRANSLATE_API_KEY: 'env-key' }))).toBeNull()
  })

  it('is LibreTranslate at TRANSLATE_URL, with TRANSLATE_API_KEY', async () => {
    const provider = getTranslationProvider(parseEnv({ TRANSLATE_URL: `${server.url}/`, TRANSLATE_API_KEY: 'env-key' }))
    expect(provider?.name).toBe('libretranslate')
    await expect(provider!.translate(['Hello'], 'en', 'pt')).resolves.toEqual(['[pt] Hello'])
    expect(server.requests[0]).toMatchObject({ api_key: 'env-key' })
  })
})
