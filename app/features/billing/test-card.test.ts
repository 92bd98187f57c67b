import { describe, expect, it } from 'vitest'
import { ZTestCard } from './test-card'

const card = (changes: Record<string, string> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  name: 'Ana Lima',
  ...changes,
})

describe('a card in the test provider’s forms', () => {
  it('takes a valid card, with its brand and last four digits', () => {
    expect(ZTestCard.parse(card())).toEqual({
      number: '4242424242424242',
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2039,
    })
    expect(ZTestCard.parse(card({ number: '5555-5555-5555-4444' })).brand).toBe('Mastercard')
  })

  it.each([
    ['number', '4242 4242 4242 4241', 'billing.testProvider.cardNumber'],
    ['number', '1234', 'billing.testProvider.cardNumber'],
    ['expiry', '13/30', 'billing.testProvider.expiry'],
    ['expiry', '01/20', 'billing.testProvider.expiry'],
    ['cvc', '12', 'billing.testProvider.cvc'],
    ['name', ' ', 'validation.required'],
  ])('refuses %s = %j with %s', (field, value, message) => {
    const result = ZTestCard.safeParse(card({ [field]: value }))
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([field, message])
  })
})
