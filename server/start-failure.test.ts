import { describe, expect, it } from 'vitest'
import { EnvError } from '#app/lib/env.server'
import { describeStartFailure, StartFailure } from './start-failure'

function systemError(code: string, syscall: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall, ...extra })
}

describe('describeStartFailure', () => {
  it('says which port is taken and what to do', () => {
    expect(describeStartFailure(systemError('EADDRINUSE', 'listen', { port: 4100 }), 3000)).toBe(
      'Port 4100 is in use: set PORT or stop the other process',
    )
    expect(describeStartFailure(systemError('EADDRINUSE', 'listen'), 3000)).toBe(
      'Port 3000 is in use: set PORT or stop the other process',
    )
  })
  it('says a privileged port needs another PORT', () => {
    expect(describeStartFailure(systemError('EACCES', 'listen', { port: 80 }), 80)).toMatch(
      /^Port 80 may not be opened by this user: set PORT/,
    )
  })
  it('names an unreachable database apart from a taken port', () => {
    expect(describeStartFailure(systemError('ECONNREFUSED', 'connect'), 3000)).toMatch(
      /^The database could not be reached \(connect ECONNREFUSED\): check DATABASE_URL/,
    )
  })
  it('keeps the words of a configuration error and of a known failure', () => {
    expect(describeStartFailure(new EnvError(['PORT must be a number']), 3000)).toContain('PORT must be a number')
    expect(describeStartFailure(new StartFailure('The database migrations did not apply: boom'), 3000)).toBe(
      'The database migrations did not apply: boom',
    )
  })
  it('puts anything else on one line', () => {
    expect(describeStartFailure(new Error('first line\n    at somewhere'), 3000)).toBe(
      'Afterglow could not start: first line',
    )
    expect(describeStartFailure('a string', 3000)).toBe('Afterglow could not start: a string')
  })
})
