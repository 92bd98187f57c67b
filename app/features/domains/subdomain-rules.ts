import { z } from 'zod'
import { isReservedSlug } from '#app/features/companies/companies.schema'
import { SUBDOMAIN_STATUSES } from '#db/enums/domains'
import { SUBDOMAIN_DNS_STATES } from '#db/enums/domains'
import { STORED_DOMAIN_STATES } from '#db/enums/domains'
import { DOMAIN_APPROVALS } from '#db/enums/domains'
export { DOMAIN_APPROVALS }
export { STORED_DOMAIN_STATES }
export { SUBDOMAIN_DNS_STATES }
export { SUBDOMAIN_STATUSES }

/*
 * Which professional subdomains ({label}.PLATFORM_DOMAIN) a company may ask for. Labels the
 * platform keeps and offensive names are refused on the spot, with the reason; the rest wait for
 * the platform operator (or go live at once where SUBDOMAIN_AUTO_APPROVE is on).
 */

/** The spec's reserved labels, plus the names mail, DNS and the platform's own services live at. */
export const RESERVED_SUBDOMAIN_LABELS = [
  'www',
  'api',
  'admin',
  'cdn',
  'static',
  'assets',
  'app',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'ns3',
  'dns',
  'ftp',
  'sftp',
  'vpn',
  'status',
  'docs',
  'help',
  'support',
  'billing',
  'pay',
  'payments',
  'operator',
  'console',
  'dashboard',
  'blog',
  'news',
  'dev',
  'staging',
  'stage',
  'test',
  'beta',
  'preview',
  'sandbox',
  'auth',
  'login',
  'sso',
  'account',
  'accounts',
  'media',
  'files',
  'img',
  'images',
  'video',
  'videos',
  'upload',
  'uploads',
  'download',
  'downloads',
  'afterglow',
  'official',
  'security',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'root',
  'localhost',
] as const

/**
 * Offensive words in the four languages, matched against the label's hyphen-separated words, so
 * an innocent name that merely contains the letters (a "Scunthorpe", "shitake") is not refused.
 */
const OFFENSIVE_WORDS = [
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'whore',
  'slut',
  'nigger',
  'nigga',
  'faggot',
  'fag',
  'retard',
  'rape',
  'porn',
  'nazi',
  'hitler',
  'kkk',
  'porra',
  'caralho',
  'buceta',
  'puta',
  'puto',
  'viado',
  'merda',
  'foder',
  'fodase',
  'cuzao',
  'arrombado',
  'mierda',
  'joder',
  'cabron',
  'pendejo',
  'maricon',
  'gilipollas',
  'cono',
  'merde',
  'putain',
  'salope',
  'connard',
  'encule',
  'pede',
  'bite',
  'nique',
]

/** Roots offensive in any word they start ("fucking"), and in no innocent one. */
const OFFENSIVE_ROOTS = [
  'fuck',
  'nigg',
  'fagg',
  'cunt',
  'caralh',
  'arrombad',
  'gilipoll',
  'putain',
  'connard',
  'salop',
  'motherf',
]

export type SubdomainStatus = (typeof SUBDOMAIN_STATUSES)[number]

export type SubdomainDnsState = (typeof SUBDOMAIN_DNS_STATES)[number]

export type StoredDomainState = (typeof STORED_DOMAIN_STATES)[number]

export type DomainApproval = (typeof DOMAIN_APPROVALS)[number]

export const SUBDOMAIN_REJECTIONS = ['reserved', 'offensive'] as const
export type SubdomainRejection = (typeof SUBDOMAIN_REJECTIONS)[number]

export const ZSubdomainLabel = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .min(3, 'subdomain.errors.short')
  .max(48, 'subdomain.errors.long')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'onboarding.errors.slugFormat')

/** Why a label is refused without asking anyone, or null when it may be requested. */
export function automaticRejection(label: string): SubdomainRejection | null {
  if ((RESERVED_SUBDOMAIN_LABELS as readonly string[]).includes(label) || isReservedSlug(label)) return 'reserved'
  const words = label
    .split('-')
    .map((word) =>
      word
        .replace(/0/g, 'o')
        .replace(/1/g, 'i')
        .replace(/3/g, 'e')
        .replace(/4/g, 'a')
        .replace(/5/g, 's')
        .replace(/\d+$/, ''),
    )
  const joined = words.join('')
  const offensive = (word: string) =>
    OFFENSIVE_WORDS.includes(word) || OFFENSIVE_ROOTS.some((root) => word.startsWith(root))
  if (words.some(offensive) || offensive(joined)) return 'offensive'
  return null
}
