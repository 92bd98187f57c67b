import { describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript script without types
import { checkCatalogs, keysUsedInSource } from './check-locales.js'

describe('locale check', () => {
  const en = { a: { b: 'Hello {{name}}' }, c: 'Bye' }
  it('passes complete catalogs', () => {
    expect(
      checkCatalogs({
        en,
        pt: { a: { b: 'Olá {{name}}' }, c: 'Tchau' },
        es: { a: { b: 'Hola {{name}}' }, c: 'Adiós' },
        fr: { a: { b: 'Salut {{name}}' }, c: 'Au revoir' },
      }),
    ).toEqual([])
  })

  it('fails on missing, extra, empty and placeholder-changed texts', () => {
    const problems = checkCatalogs({
      en,
      pt: { a: { b: 'Olá {{nome}}' } },
      es: { a: { b: 'Hola {{name}}' }, c: ' ' },
      fr: { a: { b: 'Salut {{name}}' }, c: 'x', d: 'extra' },
    })
    expect(problems).toEqual([
      'pt: placeholders of "a.b" differ from English',
      'pt: missing "c"',
      'es: empty "c"',
      'fr: "d" is not in the English catalog',
    ])
  })

  it('finds the keys the code names', () => {
    expect([
      ...keysUsedInSource("t('auth.title'); z.string().min(1, 'validation.required'); can('team.manage')"),
    ]).toEqual(['auth.title', 'validation.required'])
  })
})
