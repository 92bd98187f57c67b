import { z } from 'zod'
import { contentDownloadPath } from '#app/features/downloads/downloads'
import { serveDownload } from '#app/features/downloads/server/serve-download.server'
import type { Route } from './+types/download-content'

// A fan's download of a content item: a gallery as one streamed ZIP, a single item as its file (ADR 018).
export async function loader({ request, params }: Route.LoaderArgs) {
  const contentItemId = z.uuid().safeParse(params.contentItemId)
  if (!contentItemId.success) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return serveDownload(request, { kind: 'content', id: contentItemId.data, path: contentDownloadPath(contentItemId.data) })
}
