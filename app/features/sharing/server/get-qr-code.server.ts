import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { contentItem, event } from '#db/schema'
import { planOf } from '#app/features/billing/plans'
import { AppError } from '#app/lib/errors'
import type { MemberContext } from '#app/lib/tenant.server'
import { checkQrColors, QR_DEFAULT_BACKGROUND, QR_DEFAULT_FOREGROUND } from '../qr-colors'
import type { QrKind, QrPanelInfo, TQrRequest } from '../sharing.schema'
import { makeQrPng, makeQrSvg } from './make-qr-code.server'
import { companyPublicBase, getCompanySharing, joinPublicUrl, publicPathOf } from './public-url.server'
import { readCompanyLogo } from './read-asset-image.server'

/** The page a code points to: the address everyone can open, the active subdomain when there is one. */
async function findQrTarget(member: MemberContext, kind: QrKind, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
  const item = await member.withTenant(async (tx) => {
    if (kind === 'event') {
      const [found] = await tx.select({ title: event.title, slug: event.slug, status: event.status }).from(event).where(and(eq(event.id, id), eq(event.companyId, member.company.id)))
      return found ? { ...found, path: publicPathOf({ kind: 'event', slug: found.slug }) } : null
    }
    const [found] = await tx
      .select({ title: contentItem.title, slug: contentItem.slug, status: contentItem.status, kind: contentItem.kind })
      .from(contentItem)
      .where(and(eq(contentItem.id, id), eq(contentItem.companyId, member.company.id)))
    if (!found) return null
    const path = found.kind === 'gallery' && found.slug ? publicPathOf({ kind: 'gallery', slug: found.slug }) : publicPathOf({ kind: 'content', id })
    return { ...found, slug: found.slug ?? id, path }
  })
  if (!item) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
  const company = await getCompanySharing(member.company.id)
  if (!company) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
  return { item, company, url: joinPublicUrl(companyPublicBase(company), item.path) }
}

/** What the editor's QR panel shows: where the code points and what this plan may change. */
export async function getQrPanelInfo(member: MemberContext, kind: QrKind, id: string): Promise<QrPanelInfo> {
  const { item, company, url } = await findQrTarget(member, kind, id)
  const logo = await member.withTenant((tx) => readCompanyLogo(tx, company))
  return { url, title: item.title, fileName: `qr-${item.slug}`, isPublic: item.status === 'published', canCustomize: planOf(company.plan).customQrCodes, hasLogo: logo !== null }
}

/**
 * The code itself, as PNG or SVG. Colours other than black on white and the logo are for plans
 * with custom QR codes; colour pairs that would not scan are refused.
 */
export async function makeQrCode(member: MemberContext, kind: QrKind, id: string, request: TQrRequest & { format: 'png' | 'svg' }) {
  const { item, company, url } = await findQrTarget(member, kind, id)
  const foreground = request.fg.toLowerCase()
  const background = request.bg.toLowerCase()
  const isCustom = foreground !== QR_DEFAULT_FOREGROUND || background !== QR_DEFAULT_BACKGROUND || request.logo
  if (isCustom && !planOf(company.plan).customQrCodes) throw new AppError('FORBIDDEN', 'sharing.qr.errors.upgrade')
  const colors = checkQrColors(foreground, background)
  if (!colors.ok) throw new AppError('BAD_REQUEST', colors.messageKey, 'ratio' in colors ? { ratio: colors.ratio } : {})
  const logo = request.logo ? await member.withTenant((tx) => readCompanyLogo(tx, company)) : null
  if (request.logo && !logo) throw new AppError('BAD_REQUEST', 'sharing.qr.errors.noLogo')
  const design = { foreground, background, logo }
  const fileName = `qr-${item.slug}.${request.format}`
  if (request.format === 'svg') return { body: (await makeQrSvg(url, design)).svg, contentType: 'image/svg+xml; charset=utf-8', fileName, url }
  return { body: await makeQrPng(url, design), contentType: 'image/png', fileName, url }
}
