import { requireEntitlement } from '#app/features/billing/entitlements'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { checkQrColors, QR_DEFAULT_BACKGROUND, QR_DEFAULT_FOREGROUND } from '../qr-colors'
import type { QrKind, TQrRequest } from '../sharing.schema'
import { findQrTarget } from './find-qr-target.server'
import { makeQrPng, makeQrSvg } from './make-qr-code.server'
import { readCompanyLogo } from './read-asset-image.server'

/**
 * The code itself, as PNG or SVG. Colours other than black on white and the logo are for plans
 * with custom QR codes; colour pairs that would not scan are refused.
 */
export async function renderQrCodeFile(
  context: TenantContext,
  kind: QrKind,
  id: string,
  options: TQrRequest & { format: 'png' | 'svg' },
) {
  const { item, company, url } = await findQrTarget(context, kind, id)
  const foreground = options.fg.toLowerCase()
  const background = options.bg.toLowerCase()
  const isCustom = foreground !== QR_DEFAULT_FOREGROUND || background !== QR_DEFAULT_BACKGROUND || options.logo
  if (isCustom) requireEntitlement(context.entitlements, 'customQrCodes', 'sharing.qr.errors.upgrade')
  const colors = checkQrColors(foreground, background)
  if (!colors.ok) throw new AppError('BAD_REQUEST', colors.messageKey, 'ratio' in colors ? { ratio: colors.ratio } : {})
  const logo = options.logo ? await context.withTenant((tx) => readCompanyLogo(tx, company)) : null
  if (options.logo && !logo) throw new AppError('BAD_REQUEST', 'sharing.qr.errors.noLogo')
  const design = { foreground, background, logo }
  const fileName = `qr-${item.slug}.${options.format}`
  if (options.format === 'svg')
    return { body: (await makeQrSvg(url, design)).svg, contentType: 'image/svg+xml; charset=utf-8', fileName, url }
  return { body: await makeQrPng(url, design), contentType: 'image/png', fileName, url }
}
