import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import en from '#app/locales/en.json'
import { ZSignUp } from '#app/features/accounts/accounts.schema'
import { ZCreateCompany } from '#app/features/companies/companies.schema'
import { ZCompanyData } from '#app/features/companies/company-settings.schema'
import { ZEventForm } from '#app/features/events/events.schema'
import { ZCommentForm } from '#app/features/galleries/comments/comments.schema'
import { ZContentDetails } from '#app/features/galleries/content.schema'
import { ZGalleryProtection } from '#app/features/galleries/protection/protection'
import { ZSetlistForm } from '#app/features/galleries/setlist/setlist.schema'
import { ZLeadCapture } from '#app/features/leads/lead-capture.schema'
import { ZContactForm } from '#app/features/marketing/marketing-forms.schema'
import { fieldErrors } from '#app/lib/form-errors'

/** The message keys `schema` gives `field` for `input`. */
function messagesFor(schema: z.ZodType, input: Record<string, unknown>, field: string) {
  const result = schema.safeParse(input)
  return result.success ? [] : (fieldErrors(result.error)[field] ?? [])
}

const english = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en)
const long = (length: number) => 'x'.repeat(length)

describe('one rule broken in different forms', () => {
  it('is said in the same words: a name of 2 to 100 characters, for a fan and for a company', () => {
    expect(messagesFor(ZLeadCapture, { fullName: 'A' }, 'fullName')).toContain('validation.nameLength')
    expect(messagesFor(ZCreateCompany, { name: 'A' }, 'name')).toContain('validation.nameLength')
    expect(messagesFor(ZCompanyData, { name: 'A' }, 'name')).toContain('validation.nameLength')
    expect(english('validation.nameLength')).toBe('Name must be between 2 and 100 characters')
  })

  it('a name or a message too long, on the contact form, under a comment and at sign-up', () => {
    expect(messagesFor(ZContactForm, { name: long(101) }, 'name')).toEqual(['validation.nameTooLong'])
    expect(messagesFor(ZCommentForm, { name: long(101) }, 'name')).toEqual(['validation.nameTooLong'])
    expect(messagesFor(ZSignUp, { name: long(101) }, 'name')).toEqual(['validation.nameTooLong'])
    expect(messagesFor(ZContactForm, { message: long(1001) }, 'message')).toEqual(['validation.messageTooLong'])
    expect(messagesFor(ZCommentForm, { body: long(1001) }, 'body')).toEqual(['validation.messageTooLong'])
    expect(messagesFor(ZContactForm, { message: '   ' }, 'message')).toEqual(['validation.empty'])
    expect(messagesFor(ZCommentForm, { body: '   ' }, 'body')).toEqual(['validation.empty'])
    expect(english('validation.nameTooLong')).toBe('Name too long (max 100 characters)')
    expect(english('validation.messageTooLong')).toBe('Message too long (max 1000 characters)')
    expect(english('validation.empty')).toBe('Input cannot be empty')
  })

  it('an e-mail address or a phone number that is not one, for a fan and for a company', () => {
    expect(messagesFor(ZLeadCapture, { email: 'not-an-email' }, 'email')).toEqual(['validation.email'])
    expect(messagesFor(ZContactForm, { email: 'not-an-email' }, 'email')).toEqual(['validation.email'])
    expect(messagesFor(ZSignUp, { email: 'not-an-email' }, 'email')).toEqual(['validation.email'])
    expect(messagesFor(ZLeadCapture, { phone: 'call me' }, 'phone')).toEqual(['validation.invalidPhone'])
    expect(messagesFor(ZCompanyData, { phone: '12' }, 'phone')).toEqual(['validation.invalidPhone'])
    expect(english('validation.email')).toBe('Please enter a valid email address')
  })

  it('a title, description, place or date of a gallery and of an event', () => {
    for (const schema of [ZContentDetails, ZEventForm]) {
      expect(messagesFor(schema, { title: '' }, 'title')).toEqual(['validation.titleRequired'])
      expect(messagesFor(schema, { title: long(201) }, 'title')).toEqual(['validation.titleTooLong'])
      expect(messagesFor(schema, { title: 'Encore', description: long(5001) }, 'description')).toEqual([
        'validation.descriptionTooLong',
      ])
      expect(messagesFor(schema, { title: 'Encore', location: long(201) }, 'location')).toEqual([
        'validation.locationTooLong',
      ])
    }
    expect(messagesFor(ZContentDetails, { title: 'Encore', happenedOn: 'soon' }, 'happenedOn')).toContain(
      'validation.date',
    )
    expect(english('validation.titleRequired')).toBe('Title is required')
  })

  it('a date and time, for an event’s start, a set-list’s show start and a gallery’s end', () => {
    expect(messagesFor(ZEventForm, { title: 'Encore', startsAt: 'soon' }, 'startsAt')).toEqual(['validation.dateTime'])
    expect(messagesFor(ZSetlistForm, { showStartsAt: 'soon' }, 'showStartsAt')).toEqual(['validation.dateTime'])
    expect(messagesFor(ZGalleryProtection, { expiresAt: 'soon' }, 'expiresAt')).toEqual(['validation.dateTime'])
  })
})
