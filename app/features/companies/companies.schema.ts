import { z } from 'zod'

/**
 * Slugs become URL segments (/{slug}) and subdomains ({slug}.platform), so the product's own
 * paths and infrastructure host names are never available.
 */
export const RESERVED_SLUGS = [
  'auth',
  'admin',
  'operator',
  'event',
  'api',
  'demo',
  'privacy',
  'terms',
  'cookies',
  'www',
  'cdn',
  'static',
  'assets',
  'app',
  'docs',
  'email-confirmation',
  'reset-password',
  'onboarding',
  'invitations',
  'dev',
  'player',
  'media',
  'uploads',
  // The operator's Prometheus scrapes it (ADR 090).
  'metrics',
  // Segments of a company's own pages, which on its subdomain sit right under the root.
  'termos',
  'privacidade',
  'galeria',
  'evento',
  'download',
  'p',
  'd',
  'og',
  'qr',
  'wall',
] as const

export function slugify(value: string) {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '')
}

export function isReservedSlug(slug: string) {
  return (RESERVED_SLUGS as readonly string[]).includes(slug)
}

/** The shape of a page address; whether it is free is another question (reserved, taken). */
export const ZCompanySlugFormat = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .min(3, 'onboarding.errors.slugShort')
  .max(48, 'onboarding.errors.slugLong')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'onboarding.errors.slugFormat')

export const ZCompanySlug = ZCompanySlugFormat.refine((slug) => !isReservedSlug(slug), 'onboarding.errors.slugReserved')

export const ZCreateCompany = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(2, 'validation.nameLength')
    .max(100, 'validation.nameLength'),
  slug: ZCompanySlug,
})
export type TCreateCompany = z.infer<typeof ZCreateCompany>
