import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { contentItem, event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { QrKind } from '../sharing.schema'
import { companyPublicBase, getCompanySharing, joinPublicUrl, publicPathOf } from './public-url.server'

/** The page a code points to: the address everyone can open, the active subdomain when there is one. */
export async function findQrTarget(context: TenantContext, kind: QrKind, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
  const item = await context.withTenant(async (tx) => {
    if (kind === 'event') {
      const [found] = await tx
        .select({ title: event.title, slug: event.slug, status: event.status })
        .from(event)
        .where(and(eq(event.id, id), eq(event.companyId, context.company.id)))
      return found ? { ...found, path: publicPathOf({ kind: 'event', slug: found.slug }) } : null
    }
    const [found] = await tx
      .select({ title: contentItem.title, slug: contentItem.slug, status: contentItem.status, kind: contentItem.kind })
      .from(contentItem)
      .where(and(eq(contentItem.id, id), eq(contentItem.companyId, context.company.id)))
    if (!found) return null
    const path =
      found.kind === 'gallery' && found.slug
        ? publicPathOf({ kind: 'gallery', slug: found.slug })
        : publicPathOf({ kind: 'content', id })
    return { ...found, slug: found.slug ?? id, path }
  })
  if (!item) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
  const company = await context.companyRecords((db) => getCompanySharing(db, context.company.id))
  if (!company) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
  return { item, company, url: joinPublicUrl(companyPublicBase(company), item.path) }
}
