import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fillMissingTranslations } from './fill-missing-translations.server'
import { libreTranslateProvider, TranslationUnavailableError } from './libretranslate.server'
import { startFakeLibreTranslate, type FakeLibreTranslate } from '../../../tests/support/libretranslate-server'

let server: FakeLibreTranslate

beforeAll(async () => {
  server = await startFakeLibreTranslate({ apiKey: 'test-key' })
})
afterAll(() => server.close())
beforeEach(() => {
  server.mode = 'ok'
  server.failingTargets.clear()
  server.requests.length = 0
})

/**
 * The provider with its own deadline, or a short one where the test is about the deadline: a 500 ms
 * deadline for a service that answers raced this machine's speed.
 */
const provider = (timeoutMs?: number) => libreTranslateProvider({ url: server.url, apiKey: 'test-key', timeoutMs })

describe('fillMissingTranslations', () => {
  it('fills only the missing languages from English, one request per language, and marks them', async () => {
    const fields = {
      name: { en: 'Summer Fest', pt: 'Festival de Verão' },
      description: { en: 'Live music all night', es: '  ', fr: '' },
    }
    const result = await fillMissingTranslations(fields, provider())

    expect(result.fields).toEqual({
      name: { en: 'Summer Fest', pt: 'Festival de Verão', es: '[es] Summer Fest', fr: '[fr] Summer Fest' },
      description: {
        en: 'Live music all night',
        pt: '[pt] Live music all night',
        es: '[es] Live music all night',
        fr: '[fr] Live music all night',
      },
    })
    expect(result.machineTranslated).toEqual({ name: ['es', 'fr'], description: ['pt', 'es', 'fr'] })
    expect(result.errors).toEqual([])
    // Both fields travel together for es and fr; pt only carries the description.
    const byTarget = Object.fromEntries(server.requests.map((request) => [request.target, request.q]))
    expect(server.requests).toHaveLength(3)
    expect(byTarget).toEqual({
      pt: 'Live music all night',
      es: ['Summer Fest', 'Live music all night'],
      fr: ['Summer Fest', 'Live music all night'],
    })
    expect(server.requests.every((request) => request.source === 'en')).toBe(true)
  })

  it('translates from the first written language along the fallback chain when English is missing', async () => {
    const result = await fillMissingTranslations({ landingName: { fr: 'Soirée', es: 'Fiesta' } }, provider())
    expect(result.fields.landingName).toEqual({ fr: 'Soirée', es: 'Fiesta', en: '[en] Fiesta', pt: '[pt] Fiesta' })
    expect(result.machineTranslated.landingName).toEqual(['en', 'pt'])
    expect(server.requests.every((request) => request.source === 'es')).toBe(true)
  })

  it('leaves complete and empty fields alone without calling the service', async () => {
    const fields = {
      name: { en: 'A', pt: 'B', es: 'C', fr: 'D' },
      description: {},
      tagline: { en: ' ' },
    }
    const result = await fillMissingTranslations(fields, provider())
    expect(result).toEqual({ fields, machineTranslated: {}, errors: [] })
    expect(server.requests).toEqual([])
  })

  it('keeps going when one language fails, and says which fields stay empty', async () => {
    server.failingTargets.set('es', 500)
    const fields = { name: { en: 'Summer Fest' }, description: { en: 'Live music', es: '' } }
    const result = await fillMissingTranslations(fields, provider())

    expect(result.fields).toEqual({
      name: { en: 'Summer Fest', pt: '[pt] Summer Fest', fr: '[fr] Summer Fest' },
      description: { en: 'Live music', es: '', pt: '[pt] Live music', fr: '[fr] Live music' },
    })
    expect(result.machineTranslated).toEqual({ name: ['pt', 'fr'], description: ['pt', 'fr'] })
    expect(result.errors).toHaveLength(1)
    expect(result.errors[0]).toMatchObject({ from: 'en', to: 'es', fields: ['name', 'description'] })
    expect(result.errors[0].error).toBeInstanceOf(TranslationUnavailableError)
    expect(result.errors[0].error).toMatchObject({ status: 500 })
  })

  it('never throws when the service is down: returns the texts as written and the errors', async () => {
    server.mode = 'hang'
    const fields = { name: { en: 'Summer Fest', pt: 'Festival de Verão' } }
    // The service never answers: the short deadline always ends the wait, whatever the machine.
    const result = await fillMissingTranslations(fields, provider(500))
    expect(result.fields).toEqual(fields)
    expect(result.machineTranslated).toEqual({})
    expect(result.errors.map((failure) => [failure.to, (failure.error as TranslationUnavailableError).reason])).toEqual(
      [
        ['es', 'timeout'],
        ['fr', 'timeout'],
      ],
    )
  })

  it('turns a provider that throws anything into an error entry', async () => {
    const broken = {
      name: 'broken',
      translate: () => Promise.reject('not an Error'),
    }
    const result = await fillMissingTranslations({ name: { en: 'Summer Fest', pt: 'x', es: 'y' } }, broken)
    expect(result.errors).toHaveLength(1)
    expect(result.errors[0].error).toBeInstanceOf(Error)
    expect(result.errors[0].error.message).toBe('not an Error')
  })

  it('does not take an empty machine answer for a translation', async () => {
    const blank = { name: 'blank', translate: async (texts: string[]) => texts.map(() => '') }
    const result = await fillMissingTranslations({ name: { en: 'Summer Fest' } }, blank)
    expect(result.fields.name).toEqual({ en: 'Summer Fest' })
    expect(result.machineTranslated).toEqual({})
  })

  it('does not change the object it was given', async () => {
    const fields = { name: { en: 'Summer Fest' } }
    await fillMissingTranslations(fields, provider())
    expect(fields).toEqual({ name: { en: 'Summer Fest' } })
  })
})
