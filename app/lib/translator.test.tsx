// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TranslatorProvider } from './react-i18n'
import { Trans } from './trans'
import { Translator } from './translator'

const chain = ['en', 'pt', 'es', 'fr']
const resources = {
  en: {
    photos_one: '{{count}} photo',
    photos_other: '{{count}} photos',
    hello: 'Hello, {{name}}!',
    nested: { deep: 'Deep' },
    privacy: 'Read our <policy>privacy policy</policy>.',
  },
  fr: { photos_one: '{{count}} photo', photos_other: '{{count}} photos (fr)', hello: 'Bonjour, {{name}}\u00a0!' },
}

describe('the translator', () => {
  it('picks plural forms by the language’s own rules (French counts 0 as one)', () => {
    const en = new Translator('en', resources, chain)
    expect(en.t('photos', { count: 1 })).toBe('1 photo')
    expect(en.t('photos', { count: 0 })).toBe('0 photos')
    const fr = new Translator('fr', resources, chain)
    expect(fr.t('photos', { count: 0 })).toBe('0 photo')
    expect(fr.t('photos', { count: 2 })).toBe('2 photos (fr)')
  })

  it('interpolates, reads nested keys, falls back along the chain and to the key or a default', () => {
    const fr = new Translator('fr', resources, chain)
    expect(fr.t('hello', { name: 'Ana' })).toBe('Bonjour, Ana\u00a0!')
    expect(fr.t('nested.deep')).toBe('Deep')
    expect(fr.t('missing.key')).toBe('missing.key')
    expect(fr.t('missing.key', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2')
    expect(fr.t('hello')).toBe('Bonjour, {{name}}\u00a0!')
    const ratio = new Translator(
      'fr',
      { fr: { contrast: 'contraste {{ratio, number(minimumFractionDigits: 1)}}:1' } },
      chain,
    )
    expect(ratio.t('contrast', { ratio: 2.8 })).toBe('contraste 2,8:1')
    expect(ratio.t('contrast', { ratio: 3 })).toBe('contraste 3,0:1')
  })

  it('merges catalogs that arrive later and tells subscribers about a new language after the render', async () => {
    const translator = new Translator('en', { en: { a: 'A' } }, chain)
    translator.addCatalogs({ en: { b: 'B' }, pt: { a: 'A pt' } })
    expect(translator.t('b')).toBe('B')
    let notified = 0
    translator.subscribe(() => notified++)
    const before = translator.t
    await translator.changeLanguage('pt')
    expect(translator.t).not.toBe(before)
    expect(translator.t('a')).toBe('A pt')
    expect(translator.t('b')).toBe('B')
    await Promise.resolve()
    expect(notified).toBe(1)
  })

  it('renders tags in a text as the given components', () => {
    const translator = new Translator('en', resources, chain)
    render(
      <TranslatorProvider i18n={translator}>
        <Trans i18nKey="privacy" components={{ policy: <a href="/privacy" /> }} />
      </TranslatorProvider>,
    )
    const link = screen.getByRole('link', { name: 'privacy policy' })
    expect(link.getAttribute('href')).toBe('/privacy')
    expect(link.parentElement?.textContent).toBe('Read our privacy policy.')
  })
})
