import { z } from 'zod'
import { chapterDownloadPath, contentDownloadPath } from '#app/features/galleries/downloads/downloads'
import { downloadNotFound, serveDownload } from './serve-download.server'
import type { Route } from './+types/download-content'

// A fan's download of a content item: a gallery as one streamed ZIP, a single item as its file (ADR 018).
export async function loader({ request, params }: Route.LoaderArgs) {
  const contentItemId = z.uuid().safeParse(params.contentItemId)
  if (!contentItemId.success) return downloadNotFound(request)
  // A set-list chapter's ZIP (ADR 061): `?chapter=3` or `?chapter=more`; anything else names nothing.
  const chapter = new URL(request.url).searchParams.get('chapter')
  if (chapter !== null && !/^(\d{1,3}|more)$/i.test(chapter)) return downloadNotFound(request)
  const path = chapter
    ? chapterDownloadPath(contentItemId.data, chapter.toLowerCase())
    : contentDownloadPath(contentItemId.data)
  return serveDownload(request, {
    kind: 'content',
    id: contentItemId.data,
    path,
    chapter: chapter?.toLowerCase() ?? null,
  })
}
