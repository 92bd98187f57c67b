import { describe, expect, it } from 'vitest'
import { fieldErrors } from '#app/lib/form-errors'
import { sanitizeDisplayName, ZResetPassword, ZSignUp } from './accounts.schema'
import en from '#app/locales/en.json'

const english = (key: string) => key.split('.').reduce<any>((node, part) => node?.[part], en)

function passwordMessages(password: string) {
  const result = ZSignUp.safeParse({ name: 'Ana', email: 'ana@example.test', password })
  return result.success ? [] : (fieldErrors(result.error).password ?? []).map(english)
}

describe('sign-up validation', () => {
  it('gives each broken password rule its own message', () => {
    expect(passwordMessages('aB1!')).toEqual(['Password must be at least 8 characters long'])
    expect(passwordMessages('ALLUPPER1!')).toEqual(['Password must contain at least one lowercase letter'])
    expect(passwordMessages('alllower1!')).toEqual(['Password must contain at least one uppercase letter'])
    expect(passwordMessages('NoDigits!!')).toEqual(['Password must contain at least one number'])
    expect(passwordMessages('NoSpecial12')).toEqual(['Password must contain at least one special character'])
    expect(passwordMessages('abc')).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ])
    expect(passwordMessages('Night-Show-2026!')).toEqual([])
  })

  it('rejects a malformed e-mail with the specified message and normalises a good one', () => {
    const bad = ZSignUp.safeParse({ name: 'Ana', email: 'ana@', password: 'Night-Show-2026!' })
    expect(bad.success).toBe(false)
    expect(english(fieldErrors(bad.error!).email[0])).toBe('Please enter a valid email address')
    const good = ZSignUp.parse({ name: 'Ana', email: '  Ana@Example.TEST ', password: 'Night-Show-2026!' })
    expect(good.email).toBe('ana@example.test')
  })

  it('strips script tags from display names and trims them', () => {
    expect(sanitizeDisplayName('  <script>alert("x")</script> DJ Nova ')).toBe('DJ Nova')
    expect(sanitizeDisplayName('<SCRIPT src="x.js"></SCRIPT>Band')).toBe('Band')
    expect(sanitizeDisplayName('Rock & Roll <3')).toBe('Rock & Roll <3')
    const onlyScript = ZSignUp.safeParse({
      name: '<script>x</script>',
      email: 'a@b.test',
      password: 'Night-Show-2026!',
    })
    expect(english(fieldErrors(onlyScript.error!).name[0])).toBe('This field is required')
  })

  it('refuses a line break or another control character inside a name, and trims one at its ends', () => {
    const nameErrors = (name: string) => {
      const result = ZSignUp.safeParse({ name, email: 'a@b.test', password: 'Night-Show-2026!' })
      return result.success ? [] : (fieldErrors(result.error).name ?? []).map(english)
    }
    for (const name of ['Ana\nSilva', 'Ana\r\nBcc: x@example.test', 'Ana\u0000', 'Ana\tSilva', 'Ana\u2028Silva'])
      expect(nameErrors(name), JSON.stringify(name)).toEqual([
        'A name fits on one line, without line breaks or control characters',
      ])
    expect(ZSignUp.parse({ name: ' Ana Silva\n', email: 'a@b.test', password: 'Night-Show-2026!' }).name).toBe(
      'Ana Silva',
    )
    expect(nameErrors("Zoë O'Brien-Łukasz 陈")).toEqual([])
  })

  it('requires the repeated password to match', () => {
    const result = ZResetPassword.safeParse({ password: 'Night-Show-2026!', confirmPassword: 'Night-Show-2025!' })
    expect(english(fieldErrors(result.error!).confirmPassword[0])).toBe('The passwords do not match')
  })
})
