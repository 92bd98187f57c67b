import { z } from 'zod'
import { getQrPanelInfo } from '#app/features/sharing/server/get-qr-panel-info.server'
import { renderQrCodeFile } from '#app/features/sharing/server/render-qr-code-file.server'
import { QR_KINDS, ZQrRequest } from '#app/features/sharing/sharing.schema'
import { AppError } from '#app/lib/errors'
import { getRequestT } from '#app/lib/i18n.server'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/qr-code'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

// QR codes of an event's or a gallery's public page, for members: ?format=json|png|svg&fg=&bg=&logo=1&download=1
export const loader = withActor({ kind: 'person' }, async (member, { request, params }: Route.LoaderArgs) => {
  const t = getRequestT(request)
  const kind = z.enum(QR_KINDS).safeParse(params.kind)
  const query = ZQrRequest.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  try {
    if (!kind.success) throw new AppError('NOT_FOUND', 'sharing.qr.errors.notFound')
    if (!query.success) throw new AppError('BAD_REQUEST', 'sharing.qr.errors.invalidColor')
    if (query.data.format === 'json')
      return Response.json(await getQrPanelInfo(member, kind.data, params.id), { headers: NO_STORE })
    const code = await renderQrCodeFile(member, kind.data, params.id, { ...query.data, format: query.data.format })
    const headers = new Headers({ ...NO_STORE, 'Content-Type': code.contentType })
    if (query.data.download)
      headers.set('Content-Disposition', `attachment; filename="${code.fileName.replace(/[^a-zA-Z0-9._-]/g, '_')}"`)
    return new Response(typeof code.body === 'string' ? code.body : new Uint8Array(code.body), { headers })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const message = t(error.messageKey, error.details)
    if (query.success && query.data.format === 'json')
      return Response.json({ messageKey: error.messageKey, message }, { status: error.status, headers: NO_STORE })
    return new Response(message, {
      status: error.status,
      headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
})
