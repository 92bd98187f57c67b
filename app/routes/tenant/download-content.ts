import { z } from 'zod'
import { contentDownloadPath } from '#app/features/downloads/downloads'
import { downloadNotFound, serveDownload } from '#app/features/downloads/server/serve-download.server'
import type { Route } from './+types/download-content'

// A fan's download of a content item: a gallery as one streamed ZIP, a single item as its file (ADR 018).
export async function loader({ request, params }: Route.LoaderArgs) {
  const contentItemId = z.uuid().safeParse(params.contentItemId)
  if (!contentItemId.success) return downloadNotFound(request)
  return serveDownload(request, { kind: 'content', id: contentItemId.data, path: contentDownloadPath(contentItemId.data) })
}
