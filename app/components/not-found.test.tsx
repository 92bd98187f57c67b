import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'
import { publicLoadFailureOf, publicUnavailableOf } from './not-found'

const payload = (messageKey: string, details: Record<string, unknown> = {}) => ({ code: 'X', messageKey, details })

describe("what a fans' page says when it cannot show the company", () => {
  it('says "temporarily unavailable" for a suspended company, with a way back to the platform only', () => {
    const suspended = new ErrorResponse(
      503,
      'Service Unavailable',
      payload('public.unavailable.title', { companyName: 'Night Owls', home: 'https://afterglow.example/' }),
    )
    expect(publicUnavailableOf(suspended)).toEqual({ companyName: 'Night Owls', home: 'https://afterglow.example/' })
    const forged = new ErrorResponse(
      503,
      'Service Unavailable',
      payload('public.unavailable.title', { companyName: 'X', home: 'javascript:alert(1)' }),
    )
    expect(publicUnavailableOf(forged)?.home).toBe('/')
  })

  it('says "could not load company information" for a failure of the server, and nothing of the kind for a missing page', () => {
    expect(publicLoadFailureOf(new ErrorResponse(500, 'Internal Server Error', null))).toBe(true)
    expect(publicLoadFailureOf(new ErrorResponse(404, 'Not Found', payload('public.notFound.company')))).toBe(false)
    expect(
      publicLoadFailureOf(new ErrorResponse(503, 'Service Unavailable', payload('public.unavailable.title'))),
    ).toBe(false)
    expect(publicLoadFailureOf(new Error('render bug'))).toBe(false)
  })
})
