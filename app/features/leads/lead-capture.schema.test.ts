import { describe, expect, it } from 'vitest'
import { fieldErrors } from '#app/lib/form-errors'
import { hasMissingRequired, ZLeadCapture } from './lead-capture.schema'

const valid = { fullName: 'Ana Souza', email: ' Ana@Example.com ', privacyAccepted: 'on', dataProcessingConsent: 'on' }
const errorsOf = (input: Record<string, unknown>) => {
  const result = ZLeadCapture.safeParse(input)
  return result.success ? {} : fieldErrors(result.error)
}

describe('the lead capture form', () => {
  it('accepts the required details and normalises them', () => {
    expect(ZLeadCapture.parse({ ...valid, phone: '', organisation: '  ', marketingConsent: 'on' })).toEqual({
      fullName: 'Ana Souza',
      email: 'ana@example.com',
      phone: null,
      organisation: null,
      privacyAccepted: true,
      dataProcessingConsent: true,
      marketingConsent: true,
    })
    expect(ZLeadCapture.parse(valid).marketingConsent).toBe(false)
  })

  it('says which required fields are missing, each once', () => {
    const errors = errorsOf({})
    expect(errors).toEqual({
      fullName: ['validation.required'],
      email: ['validation.required'],
      privacyAccepted: ['downloads.lead.errors.privacy'],
      dataProcessingConsent: ['downloads.lead.errors.dataProcessing'],
    })
    expect(hasMissingRequired(errors)).toBe(true)
    expect(hasMissingRequired(errorsOf({ ...valid, privacyAccepted: undefined }))).toBe(false)
  })

  it('checks the name length, the e-mail and the phone', () => {
    expect(errorsOf({ ...valid, fullName: 'A' })).toEqual({ fullName: ['validation.nameLength'] })
    expect(errorsOf({ ...valid, fullName: 'A'.repeat(101) })).toEqual({
      fullName: ['validation.nameLength'],
    })
    expect(errorsOf({ ...valid, fullName: '<script>x</script>  ' })).toEqual({ fullName: ['validation.required'] })
    expect(errorsOf({ ...valid, fullName: 'Ana\nSouza' })).toEqual({ fullName: ['validation.displayName.oneLine'] })
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({ email: ['validation.email'] })
    expect(errorsOf({ ...valid, phone: 'call me' })).toEqual({ phone: ['validation.invalidPhone'] })
    expect(errorsOf({ ...valid, phone: '+55 (11) 91234-5678' })).toEqual({})
  })
})
