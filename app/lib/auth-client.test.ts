import { describe, expect, it } from 'vitest'
import en from '#app/locales/en.json'
import { authErrorKey, authErrorMessage } from './auth-client'

const english = (key: string) => key.split('.').reduce<any>((node, part) => node?.[part], en)

describe('auth error messages', () => {
  it('turns every auth failure into a clear sentence', () => {
    expect(english(authErrorKey({ status: 429 }))).toBe('Too many attempts. Please wait a minute and try again.')
    expect(english(authErrorKey({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }))).toBe(
      'Incorrect e-mail or password.',
    )
    expect(english(authErrorKey({ status: 403, code: 'EMAIL_NOT_VERIFIED' }))).toContain('confirm your e-mail')
    expect(english(authErrorKey({ status: 500, code: 'SOMETHING_NEW' }))).toBe(
      'Something went wrong. Please try again.',
    )
  })

  it('shows the server-translated password rule as it comes', () => {
    expect(
      authErrorMessage(
        { status: 400, code: 'WEAK_PASSWORD', message: 'A senha deve conter pelo menos um número' },
        english,
      ),
    ).toBe('A senha deve conter pelo menos um número')
  })
})
