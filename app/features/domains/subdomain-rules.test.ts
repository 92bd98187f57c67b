import { describe, expect, it } from 'vitest'
import { automaticRejection, ZSubdomainLabel } from './subdomain-rules'

describe('which subdomains are refused without asking the operator', () => {
  it("refuses the platform's own labels and its reserved page addresses", () => {
    for (const label of [
      'www',
      'api',
      'admin',
      'cdn',
      'static',
      'assets',
      'app',
      'mail',
      'status',
      'operator',
      'galeria',
      'termos',
    ])
      expect(automaticRejection(label), label).toBe('reserved')
  })

  it('refuses offensive names, also spelled with digits or as one word among others, in the four languages', () => {
    for (const label of [
      'fuck',
      'sh1t-happens',
      'the-fucking-band',
      'puta-madre',
      'caralho',
      'merde-alors',
      'n4zi-rock',
    ])
      expect(automaticRejection(label), label).toBe('offensive')
  })

  it('lets ordinary names through, including ones that merely contain the letters of a bad word', () => {
    for (const label of [
      'night-owls',
      'scunthorpe-united',
      'assets-tour',
      'bitecoin',
      'shitake-records',
      'arsenal-fc',
      'cocktail-nights',
      'grape-fest',
    ])
      expect(automaticRejection(label), label).toBeNull()
  })

  it('keeps labels to DNS-safe lower-case words joined by single hyphens', () => {
    expect(ZSubdomainLabel.safeParse('Night-Owls').data).toBe('night-owls')
    for (const bad of ['', 'ab', 'night_owls', '-owls', 'owls-', 'night--owls', 'x'.repeat(49), 'noite-ção'])
      expect(ZSubdomainLabel.safeParse(bad).success, bad).toBe(false)
  })
})
