import { z } from 'zod'
import { chapterDownloadPath, contentDownloadPath } from '#app/features/galleries/downloads/downloads'
import { findMeSetDownloadPath } from '#app/features/faces/find-me'
import { downloadNotFound, serveDownload } from './serve-download.server'
import type { Route } from './+types/download-content'

// A fan's download of a content item: a gallery as one streamed ZIP, a single item as its file (ADR 018).
export async function loader({ request, params }: Route.LoaderArgs) {
  const contentItemId = z.uuid().safeParse(params.contentItemId)
  if (!contentItemId.success) return downloadNotFound(request)
  // A set-list chapter's ZIP (ADR 061): `?chapter=3` or `?chapter=more`; anything else names nothing.
  const query = new URL(request.url).searchParams
  const chapter = query.get('chapter')
  if (chapter !== null && !/^(\d{1,3}|more)$/i.test(chapter)) return downloadNotFound(request)
  // The photos a fan's Find me search found (ADR 103): `?set=` the search's id.
  const set = query.get('set')
  if (set !== null && (chapter !== null || !z.uuid().safeParse(set).success)) return downloadNotFound(request)
  const path = chapter
    ? chapterDownloadPath(contentItemId.data, chapter.toLowerCase())
    : set
      ? findMeSetDownloadPath(contentDownloadPath(contentItemId.data), set.toLowerCase())
      : contentDownloadPath(contentItemId.data)
  return serveDownload(request, {
    kind: 'content',
    id: contentItemId.data,
    path,
    chapter: chapter?.toLowerCase() ?? null,
    set: set?.toLowerCase() ?? null,
  })
}
