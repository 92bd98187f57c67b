import { describe, expect, it } from 'vitest'
import { isOperatorsMonitoring } from './monitoring-token.server'

const TOKEN = 'a-monitoring-token-of-the-operator'

describe("the operator's monitoring token", () => {
  it('is recognised only as the bearer token it is', () => {
    expect(isOperatorsMonitoring(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(isOperatorsMonitoring(`Bearer ${TOKEN}x`, TOKEN)).toBe(false)
    expect(isOperatorsMonitoring(TOKEN, TOKEN)).toBe(false)
    expect(isOperatorsMonitoring(`Basic ${TOKEN}`, TOKEN)).toBe(false)
    expect(isOperatorsMonitoring(undefined, TOKEN)).toBe(false)
  })

  it('recognises nobody when the platform has none', () => {
    expect(isOperatorsMonitoring('Bearer ', undefined)).toBe(false)
    expect(isOperatorsMonitoring('Bearer anything', undefined)).toBe(false)
  })
})
