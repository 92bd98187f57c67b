import { z } from 'zod'
import { QR_DEFAULT_BACKGROUND, QR_DEFAULT_FOREGROUND } from './qr-colors'

/** What a QR code can point to: an event's page, or a gallery's or single content's. */
export const QR_KINDS = ['event', 'content'] as const
export type QrKind = (typeof QR_KINDS)[number]

/**
 * `/api/qr/{kind}/{id}`: the panel's information as JSON, or the code as PNG or SVG. Colours
 * are checked by `checkQrColors` (with its own messages), so here they are any short text.
 */
export const ZQrRequest = z.object({
  format: z.enum(['json', 'png', 'svg']).default('json'),
  fg: z.string().max(16).default(QR_DEFAULT_FOREGROUND),
  bg: z.string().max(16).default(QR_DEFAULT_BACKGROUND),
  logo: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  download: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
})
export type TQrRequest = z.infer<typeof ZQrRequest>

export type QrPanelInfo = {
  url: string
  title: string
  fileName: string
  isPublic: boolean
  canCustomize: boolean
  hasLogo: boolean
}
