import { describe, expect, it } from 'vitest'
import { platformCheck } from './get-company-status.server'

const working = { database: 'ok', storage: 'ok', mail: 'ok', payments: 'ok', dns: 'ok' } as const

describe('the platform as a company sees it', () => {
  it('is working when every part is, and when the platform is set up with the dev outbox and the test provider', () => {
    expect(platformCheck(working)).toEqual({ level: 'ok', parts: [] })
    expect(platformCheck({ ...working, mail: 'warning', payments: 'warning', dns: 'warning' })).toEqual({
      level: 'ok',
      parts: [],
    })
  })

  it('is failing while the database or the file storage is down, and says what of the work waits', () => {
    expect(platformCheck({ ...working, database: 'error' })).toEqual({ level: 'error', parts: ['pages'] })
    expect(platformCheck({ ...working, storage: 'error', mail: 'error' })).toEqual({
      level: 'error',
      parts: ['files', 'mail'],
    })
  })

  it('needs attention while mail, payments or the domain checks cannot work, naming each', () => {
    expect(platformCheck({ ...working, mail: 'error', payments: 'error', dns: 'error' })).toEqual({
      level: 'warning',
      parts: ['mail', 'payments', 'domainChecks'],
    })
  })
})
