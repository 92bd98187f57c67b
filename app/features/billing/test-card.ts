import { z } from 'zod'

/*
 * A card as the built-in test provider's forms take it: number (with the Luhn check digit),
 * expiry in the future, CVC. Messages are i18n keys.
 */

function passesLuhn(digits: string) {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

const BRANDS: Array<[RegExp, string]> = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|2[2-7])/, 'Mastercard'],
  [/^3[47]/, 'American Express'],
]

export const ZTestCard = z
  .object({
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{13,19}$/, 'billing.testProvider.cardNumber')
          .refine(passesLuhn, 'billing.testProvider.cardNumber'),
      ),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'billing.testProvider.expiry'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'billing.testProvider.cvc'),
    name: z.string().trim().min(1, 'validation.required').max(100, 'validation.maxLength'),
  })
  .transform((card, context) => {
    const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()))
    const expYear = 2000 + year
    const now = new Date()
    if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
      context.addIssue({ code: 'custom', path: ['expiry'], message: 'billing.testProvider.expiry' })
      return z.NEVER
    }
    const brand = BRANDS.find(([pattern]) => pattern.test(card.number))?.[1] ?? 'Card'
    return { number: card.number, brand, last4: card.number.slice(-4), expMonth: month, expYear }
  })
