import { describe, expect, it } from 'vitest'
import { createI18n, detectLanguage, FALLBACK_CHAIN } from './i18n'

const request = (headers: Record<string, string>) => new Request('http://localhost/', { headers })

describe('language detection', () => {
  it('prefers the saved choice, then the browser, then English', () => {
    expect(detectLanguage(request({ cookie: 'a=1; lang=es', 'accept-language': 'fr' }))).toBe('es')
    expect(detectLanguage(request({ 'accept-language': 'de-DE,fr;q=0.8,pt;q=0.9' }))).toBe('pt')
    expect(detectLanguage(request({ cookie: 'lang=xx', 'accept-language': 'de' }))).toBe('en')
    expect(detectLanguage(request({}))).toBe('en')
  })
})

describe('fallback chain', () => {
  it('falls back current → English → Portuguese → Spanish → French → the key itself', () => {
    expect(FALLBACK_CHAIN).toEqual(['en', 'pt', 'es', 'fr'])
    const i18n = createI18n('fr', {
      en: { both: 'EN both' },
      pt: { both: 'PT both', ptOnly: 'PT only' },
      es: { esOnly: 'ES only' },
      fr: { frOnly: 'FR only' },
    })
    expect(i18n.t('frOnly')).toBe('FR only')
    expect(i18n.t('both')).toBe('EN both')
    expect(i18n.t('ptOnly')).toBe('PT only')
    expect(i18n.t('esOnly')).toBe('ES only')
    expect(i18n.t('nowhere.key')).toBe('nowhere.key')
  })
})
