/*
 * Fans' download addresses, shared by the pages that link to them and the routes that serve them.
 * They name no company: the file or item does, and its company's rules apply (ADR 018).
 */

/** One file: a gallery's photo or video, or a single content item's file. */
export function fileDownloadPath(assetId: string) {
  return `/download/file/${assetId}`
}

/** A content item: a gallery as one ZIP, a single item as its file. */
export function contentDownloadPath(contentItemId: string) {
  return `/download/content/${contentItemId}`
}

/** One set-list chapter of a gallery as a ZIP: a song's number, or `more` (ADR 061). */
export function chapterDownloadPath(contentItemId: string, chapter: string) {
  return `${contentDownloadPath(contentItemId)}?chapter=${encodeURIComponent(chapter)}`
}

/** The page that asks for the fan's details first, then sends them on to `next`. */
export function leadFormPath(next: string) {
  return `/download/lead?next=${encodeURIComponent(next)}`
}

/** A file or item; a gallery's chapter (`?chapter=`) or a fan's Find me set (`?set=`, ADR 103). */
export const DOWNLOAD_PATH =
  /^\/download\/(file|content)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?(?:chapter=(\d{1,3}|more)|set=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})))?$/i

/** A download address as it came from a form or query (anything else is refused). */
export function parseDownloadPath(
  value: unknown,
): { kind: 'file' | 'content'; id: string; path: string; chapter: string | null; set: string | null } | null {
  if (typeof value !== 'string') return null
  const match = DOWNLOAD_PATH.exec(value)
  if (!match || ((match[3] || match[4]) && match[1] !== 'content')) return null
  return {
    kind: match[1] as 'file' | 'content',
    id: match[2].toLowerCase(),
    path: value,
    chapter: match[3]?.toLowerCase() ?? null,
    set: match[4]?.toLowerCase() ?? null,
  }
}

/** The error code a download answers with when the company wants the fan's details first. */
export const LEAD_REQUIRED = 'LEAD_REQUIRED'

export type DownloadQuality = 'web' | 'original'

/** What a page needs to offer a content item's download. */
export type DownloadOffer = {
  requireLead: boolean
  /** Files a fan gets: one for a single item, every ready photo and video for a gallery. */
  fileCount: number
  /** How many of them are photos (JPEGs when `quality` is web) and videos: what the page says the ZIP holds. */
  photos: number
  videos: number
  /** Exact bytes of the file or of the ZIP (what Content-Length will say). */
  sizeBytes: number
  quality: DownloadQuality
}

export type DownloadOffers = {
  /** Where the company's privacy policy is, for the consent text. */
  privacyHref: string
  items: Record<string, DownloadOffer>
}
