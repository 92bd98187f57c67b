import { z } from 'zod'
import { fileDownloadPath } from '#app/features/galleries/downloads/downloads'
import { downloadNotFound, serveDownload } from './serve-download.server'
import type { Route } from './+types/download-file'

// A fan's download of one photo, video or file (ADR 018).
export async function loader({ request, params }: Route.LoaderArgs) {
  const assetId = z.uuid().safeParse(params.assetId)
  if (!assetId.success) return downloadNotFound(request)
  return serveDownload(request, { kind: 'file', id: assetId.data, path: fileDownloadPath(assetId.data) })
}
