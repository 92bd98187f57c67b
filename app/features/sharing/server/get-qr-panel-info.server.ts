import type { TenantContext } from '#app/access/context'
import type { QrKind, QrPanelInfo } from '../sharing.schema'
import { findQrTarget } from './find-qr-target.server'
import { readCompanyLogo } from './read-asset-image.server'

/** What the editor's QR panel shows: where the code points and what this plan may change. */
export async function getQrPanelInfo(context: TenantContext, kind: QrKind, id: string): Promise<QrPanelInfo> {
  const { item, company, url } = await findQrTarget(context, kind, id)
  const logo = await context.withTenant((tx) => readCompanyLogo(tx, company))
  return {
    url,
    title: item.title,
    fileName: `qr-${item.slug}`,
    isPublic: item.status === 'published',
    canCustomize: context.entitlements.customQrCodes,
    hasLogo: logo !== null,
  }
}
