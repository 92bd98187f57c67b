import { describe, expect, it } from 'vitest'
import { AppError, isDatabaseUnavailable, toHttpError } from './errors'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('the database out of reach', () => {
  it('is recognised from the socket, from PostgreSQL and through what wraps it', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    // drizzle keeps pg's error as the cause of its own.
    expect(
      isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') })),
    ).toBe(true)
  })

  it('is not a query that PostgreSQL refused, nor any other failure', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false)
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is not a function'))).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
  })

  it('answers 503 with Retry-After and the "try again shortly" message, where other failures stay as they are', () => {
    const answer = toHttpError(new Error('Failed query', { cause: withCode('x', '57P01') })) as {
      init: ResponseInit
      data: unknown
    }
    expect(answer.init.status).toBe(503)
    expect(new Headers(answer.init.headers).get('Retry-After')).toBe('5')
    expect(answer.data).toEqual({
      code: 'UNAVAILABLE',
      messageKey: 'errors.unavailableForNow',
      details: { retryAfterSeconds: 5 },
    })
    const other = new Error('boom')
    expect(toHttpError(other)).toBe(other)
    expect((toHttpError(new AppError('NOT_FOUND', 'errors.notFound')) as { init: ResponseInit }).init.status).toBe(404)
  })
})
