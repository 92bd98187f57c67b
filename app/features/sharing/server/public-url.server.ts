import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { Database } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import type { HostMatch } from '#app/access/resolve-host.server'

/*
 * Absolute URLs of a company's public pages, for link previews, share buttons and QR codes.
 * Built from configuration (APP_URL, PLATFORM_DOMAIN), never from a request's Host header, so a
 * forged host cannot put another address into a preview or a printed code.
 */

export type CompanyAddress = { slug: string; subdomain: string | null; subdomainStatus: string | null }

/** What sharing needs to know about a company beyond what its pages load. */
export async function getCompanySharing(db: Database, companyId: string) {
  const [row] = await db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      plan: organization.plan,
      planValidUntil: organization.planValidUntil,
      brandAccentColor: organization.brandAccentColor,
      subdomain: organization.subdomain,
      subdomainStatus: organization.subdomainStatus,
      publicVersion: organization.publicVersion,
    })
    .from(organization)
    .where(eq(organization.id, companyId))
  return row ?? null
}

export type CompanySharing = NonNullable<Awaited<ReturnType<typeof getCompanySharing>>>

/** `https://{label}.{PLATFORM_DOMAIN}`, with the platform's scheme. */
export function subdomainOrigin(label: string) {
  const env = getEnv()
  return `${new URL(env.APP_URL).protocol}//${label}.${env.PLATFORM_DOMAIN}`
}

/** A platform reached by its IP address (a bare server, a test) has no names under it for subdomains. */
function platformCarriesSubdomains() {
  const host = getEnv().PLATFORM_DOMAIN.replace(/:\d+$/, '')
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(host) && !host.startsWith('[')
}

/** Where a company's pages live for everyone: its active subdomain, else `/{slug}` on the platform. */
export function companyPublicBase(company: CompanyAddress) {
  if (company.subdomainStatus === 'active' && company.subdomain && platformCarriesSubdomains())
    return subdomainOrigin(company.subdomain)
  return `${getEnv().APP_URL}/${company.slug}`
}

/**
 * The base of the company's pages as this request sees them: the company host it came in on
 * (its subdomain), otherwise the company's public base.
 */
export function requestPublicBase(host: HostMatch, company: CompanyAddress) {
  return host.kind === 'company' ? (host.origin ?? subdomainOrigin(host.label)) : companyPublicBase(company)
}

/** `base` + `path`, where an origin on its own gets its root slash. */
export function joinPublicUrl(base: string, path: string) {
  if (path) return `${base}${path}`
  return new URL(base).pathname === '/' ? `${base}/` : base
}

/** The path of a shared item under its company's base. */
export function publicPathOf(
  item:
    | { kind: 'company' }
    | { kind: 'gallery'; slug: string }
    | { kind: 'event'; slug: string }
    | { kind: 'content'; id: string },
) {
  switch (item.kind) {
    case 'company':
      return ''
    case 'gallery':
      return `/galeria/${encodeURIComponent(item.slug)}`
    case 'event':
      return `/evento/${encodeURIComponent(item.slug)}`
    case 'content':
      return `/player/${item.id}`
  }
}

/** A gallery's page for everyone, under its company's public base (mails, the venue wall's QR code). */
export function galleryPublicUrl(company: CompanyAddress, slug: string) {
  return joinPublicUrl(companyPublicBase(company), publicPathOf({ kind: 'gallery', slug }))
}
