import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors } from './form-errors'

describe('fieldErrors', () => {
  it('keeps every message of a field, in order, keyed by the field', () => {
    const schema = z.object({
      password: z.string().min(8, 'validation.password.minLength').regex(/[0-9]/, 'validation.password.number'),
      email: z.email('validation.email'),
    })
    const result = schema.safeParse({ password: 'short', email: 'nope' })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({
      password: ['validation.password.minLength', 'validation.password.number'],
      email: ['validation.email'],
    })
  })

  it('files problems of the whole form (no path) under "form"', () => {
    const schema = z.string().refine(() => false, 'errors.generic')
    const result = schema.safeParse('anything')
    expect(fieldErrors(result.error!)).toEqual({ form: ['errors.generic'] })
  })

  it('keys nested problems by their top-level field', () => {
    const result = z
      .object({ address: z.object({ city: z.string().min(1, 'validation.required') }) })
      .safeParse({ address: { city: '' } })
    expect(fieldErrors(result.error!)).toEqual({ address: ['validation.required'] })
  })
})
