import { describe, expect, it } from 'vitest'
import { ZCompanyData, ZLandingSettings } from './company-settings.schema'

const fieldErrors = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
  result.error?.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message) ?? []

describe('choices in the company settings', () => {
  const company = { name: 'Night Owls', slug: 'night-owls', description_en: 'Every show.' }
  const landing = { landingName_en: 'Night Owls', landingDescription_en: 'Every show.' }

  it('says a value that is not one of the choices is an invalid option, not a missing one', () => {
    expect(fieldErrors(ZCompanyData.safeParse({ ...company, employeeCount: '1000+' }), 'employeeCount')).toEqual([
      'validation.invalidOption',
    ])
    expect(fieldErrors(ZLandingSettings.safeParse({ ...landing, displayMode: 'both' }), 'displayMode')).toEqual([
      'validation.invalidOption',
    ])
  })

  it('leaves the employee count optional, and requires a display mode', () => {
    expect(ZCompanyData.safeParse({ ...company, employeeCount: '' }).success).toBe(true)
    expect(ZCompanyData.safeParse({ ...company, employeeCount: '51-200' }).data?.employeeCount).toBe('51-200')
    for (const displayMode of [undefined, ''])
      expect(
        fieldErrors(ZLandingSettings.safeParse({ ...landing, displayMode }), 'displayMode'),
        String(displayMode),
      ).toEqual(['validation.required'])
    expect(ZLandingSettings.safeParse({ ...landing, displayMode: 'galleries' }).success).toBe(true)
  })
})
