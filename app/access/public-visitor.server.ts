import { eq } from 'drizzle-orm'
import { companySlugRedirect, organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { companyVersionReadFor, KeptCompanyRows } from '#app/access/company-version-read.server'
import { getDb, withPublicRead, withTenant } from '#app/lib/db.server'
import { findContentCompanySlug } from '#app/features/public/server/find-content-company.server'
import { getEnv } from '#app/lib/env.server'
import type { Visit } from '#app/access/visit.server'
import { brandingVariables } from '#app/features/companies/branding'
import { DEFAULT_TEMPLATE, pageTemplateOf } from '#app/features/companies/page-template'
import { AppError } from '#app/lib/errors'
import type { PublicCompany, NotFoundDetails, PublicContext, PublicDoor } from '#app/access/context'
import { noteCaller } from '#app/lib/log-context.server'

/*
 * The public visitor: the company a fan's request is for, found from its host or its `/{slug}`,
 * and the context its pages read through (fans' reads in the database's public-read mode, what
 * a fan leaves in the company's tenant fence). Closed and suspended companies answer here.
 */

/**
 * The company a fan's request is for: the one its host belongs to (subdomain mode), else the one
 * of the `/{clientSlug}` path.
 */
export async function resolvePublicCompany(
  visit: Pick<Visit, 'host' | 'path'>,
  clientSlug: string | undefined,
): Promise<PublicContext> {
  const onCompanyHost = visit.host.kind === 'company'
  if (onCompanyHost && clientSlug) throw new AppError('NOT_FOUND', 'public.notFound.page')
  const slug = visit.host.kind === 'company' ? visit.host.company?.slug : clientSlug
  // On an unknown subdomain the platform's home is on the platform's own host.
  const home = onCompanyHost ? `${getEnv().APP_URL}/` : '/'
  // A host of the platform's form that names no company: the page cannot tell whose it would be.
  if (!slug) throw new AppError('NOT_FOUND', 'public.notFound.unidentified', { home } satisfies NotFoundDetails)
  const lowerSlug = slug.toLowerCase()
  const row = keptRows.current(lowerSlug, companyVersionReadFor(lowerSlug)) ?? (await readCompanyRow(lowerSlug))
  if (!row) {
    if (!onCompanyHost) await redirectFormerSlug(lowerSlug, visit.path)
    throw new AppError('NOT_FOUND', 'public.notFound.company', { home } satisfies NotFoundDetails)
  }
  return publicContextOf(row, visit)
}

/** Companies' rows as last read, for renders whose page cache has just read the same versions (see company-version-read.server.ts). */
const keptRows = new KeptCompanyRows<PublicCompanyRow>()

async function readCompanyRow(slug: string) {
  const [row] = await getDb().select(PUBLIC_COMPANY_COLUMNS).from(organization).where(eq(organization.slug, slug))
  if (row) keptRows.keep(slug, row)
  return row
}

/** Links shared before a company changed its page address lead to the new one (permanently). */
async function redirectFormerSlug(slug: string, path: string | undefined) {
  const [moved] = await getDb()
    .select({ slug: organization.slug })
    .from(companySlugRedirect)
    .innerJoin(organization, eq(organization.id, companySlugRedirect.companyId))
    .where(eq(companySlugRedirect.oldSlug, slug))
  if (!moved) return
  const rest = path && path.toLowerCase().startsWith(`/${slug}`) ? path.slice(slug.length + 1) : ''
  throw new AppError('MOVED', 'public.moved', { location: `/${moved.slug}${rest}` })
}

/** The columns of `companies` a fans' page needs (join them where a query finds the company itself). */
export const PUBLIC_COMPANY_COLUMNS = {
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  logo: organization.logo,
  plan: organization.plan,
  planValidUntil: organization.planValidUntil,
  brandPrimaryColor: organization.brandPrimaryColor,
  brandAccentColor: organization.brandAccentColor,
  template: organization.template,
  publicVersion: organization.publicVersion,
  publicMediaVersion: organization.publicMediaVersion,
  suspendedAt: organization.suspendedAt,
  closedAt: organization.closedAt,
  subdomain: organization.subdomain,
  subdomainStatus: organization.subdomainStatus,
  commentsAutoApprove: organization.commentsAutoApprove,
}

export type PublicCompanyRow = {
  id: string
  name: string
  slug: string
  logo: string | null
  plan: string
  planValidUntil: Date | null
  brandPrimaryColor: string | null
  brandAccentColor: string | null
  template: unknown
  publicVersion: number
  publicMediaVersion: number
  suspendedAt: Date | null
  closedAt: Date | null
  subdomain: string | null
  subdomainStatus: string | null
  commentsAutoApprove: boolean
}

/** Only paths on this site: the content policy would block other hosts anyway, and a stored URL is not trusted. */
function sameOriginImage(url: string | null) {
  return url && /^\/[^/\\]/.test(url) ? url : null
}

/** The fans' context of a company row, for a request that came to `visit.host`. */
export function publicContextOf(row: PublicCompanyRow, visit: Pick<Visit, 'host'>): PublicContext {
  // Closed by its admin: every page answers as for a company that does not exist (the database
  // lets none of its rows through to fans' reads that name no company, migration 0037).
  if (row.closedAt)
    throw new AppError('NOT_FOUND', 'public.notFound.company', {
      home: visit.host.kind === 'company' ? `${getEnv().APP_URL}/` : '/',
    } satisfies NotFoundDetails)
  // Suspended by the platform operator: every fans' page of the company says so, and nothing else.
  if (row.suspendedAt)
    throw new AppError('UNAVAILABLE', 'public.unavailable.title', {
      companyName: row.name,
      home: `${getEnv().APP_URL}/`,
    })
  noteCaller({ companyId: row.id })
  const entitlements = getEntitlements(row)
  const branded = entitlements.customBranding
  const template = entitlements.customTemplate ? pageTemplateOf(row.template) : DEFAULT_TEMPLATE
  const company: PublicCompany = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: branded ? sameOriginImage(row.logo) : null,
    branding: branded
      ? brandingVariables({ primary: row.brandPrimaryColor, accent: row.brandAccentColor }, template.canvas)
      : null,
    template,
    showPlatformBadge: !branded,
    platformUrl: getEnv().APP_URL,
  }
  return {
    company,
    entitlements,
    basePath: visit.host.kind === 'company' ? '' : `/${company.slug}`,
    address: { slug: row.slug, subdomain: row.subdomain, subdomainStatus: row.subdomainStatus },
    versions: { edits: row.publicVersion, media: row.publicMediaVersion },
    commentsModerated: !row.commentsAutoApprove,
    read: (work) => withPublicRead(company.id, work),
    record: (work) => withTenant(company.id, work),
    companyRecords: (read) => read(getDb()),
  }
}

/**
 * The company whose content the player shows: the one of the path or subdomain, or on the
 * platform's own host (`/player/{contentId}`), the one that published the item.
 */
export async function resolvePlayerCompany(visit: Visit, params: { clientSlug?: string; contentId: string }) {
  if (params.clientSlug || visit.host.kind === 'company') return resolvePublicCompany(visit, params.clientSlug)
  return resolvePublicCompany(visit, await findContentCompanySlug(params.contentId))
}

/**
 * The fans' context of a company named by what a page found first (a venue wall's gallery), as
 * seen from the platform's own host; not found (with `messageKey`) when the company is gone.
 */
export async function publicContextOfCompany(companyId: string, messageKey: string): Promise<PublicContext> {
  const [row] = await getDb().select(PUBLIC_COMPANY_COLUMNS).from(organization).where(eq(organization.id, companyId))
  if (!row) throw new AppError('NOT_FOUND', messageKey)
  return publicContextOf(row, { host: { kind: 'platform' } })
}

/** The door of fans' use-cases that find their company by what they read (a download named by a file's id). */
export const PUBLIC_DOOR: PublicDoor = { columns: PUBLIC_COMPANY_COLUMNS, open: publicContextOf }
