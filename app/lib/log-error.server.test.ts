import { describe, expect, it } from 'vitest'
import { loggedError } from './log-error.server'

describe('loggedError', () => {
  it('keeps the type, message, stack, short scalar fields and the cause', () => {
    const cause = new Error('connection refused')
    const error = Object.assign(new TypeError('could not read', { cause }), { code: 'ECONNREFUSED', status: 503 })
    const logged = loggedError(error)
    expect(logged).toMatchObject({ type: 'TypeError', message: 'could not read', code: 'ECONNREFUSED', status: 503 })
    expect(logged.stack).toContain('TypeError: could not read')
    expect(logged.cause).toMatchObject({ type: 'Error', message: 'connection refused' })
  })

  it('leaves out what an error drags along (a pg client, a response) and bounds every text', () => {
    const client = {
      connectionParameters: { password: 'secret' },
      prepared: Array.from({ length: 500 }, (_, i) => `statement ${i}`),
    }
    const error = Object.assign(new Error('x'.repeat(5_000)), { client, detail: 'y'.repeat(5_000) })
    const line = JSON.stringify(loggedError(error))
    expect(line).not.toContain('secret')
    expect(line).not.toContain('statement 1')
    expect(line.length).toBeLessThan(6_000)
  })

  it('takes the terminal colours out', () => {
    const logged = loggedError(new Error('\u001b[31mred\u001b[39m text'))
    expect(logged.message).toBe('red text')
    expect(logged.stack).not.toContain('\u001b')
  })

  it('says what was thrown when it is not an error, bounded', () => {
    expect(loggedError('plain')).toEqual({ type: 'string', message: 'plain' })
    expect(loggedError({ message: 'lost', code: '57P01' })).toEqual({ type: 'object', message: 'lost', code: '57P01' })
    const circular: Record<string, unknown> = {}
    circular.self = circular
    expect(loggedError(circular).type).toBe('object')
  })
})
