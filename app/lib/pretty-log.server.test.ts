import { describe, expect, it } from 'vitest'
import { prettyLine } from './pretty-log.server'

describe('prettyLine', () => {
  const time = Date.UTC(2026, 11, 2, 14, 30, 5, 120)

  it('writes a request as a person reads it, with its other fields after', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      msg: 'request',
      method: 'GET',
      route: '/:clientSlug',
      status: 200,
      ms: 3.1,
      bytes: 2048,
      requestId: 'abc',
    })
    expect(prettyLine(line, false)).toBe('14:30:05.120 INFO  GET /:clientSlug 200 3.1 ms 2.0 KB requestId=abc\n')
  })

  it("writes an error's stack under its line, and colours only when asked", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'request failed',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
    })
    const plain = prettyLine(line, false)
    expect(plain).toBe('14:30:05.120 ERROR request failed\n    Error: boom\n        at here\n')
    expect(prettyLine(line, true)).toContain('\u001b[31mERROR\u001b[0m')
  })

  it('leaves a line that is not JSON as it is', () => {
    expect(prettyLine('Afterglow is running\n', false)).toBe('Afterglow is running\n')
  })
})
