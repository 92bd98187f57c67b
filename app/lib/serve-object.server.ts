import { Readable } from 'node:stream'
import type { ByteRange, Storage } from './storage.server'

/** Immutable renditions (their keys change when their bytes do) may be cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

type ParsedRange = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' }

/** One `bytes=` range (start-end, start-, or -suffix). Several ranges are served whole. */
export function parseRange(header: string | null, size: number): ParsedRange {
  if (!header) return { kind: 'none' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return header.trim().startsWith('bytes=') && header.includes(',') ? { kind: 'none' } : { kind: 'unsatisfiable' }
  const [, startText, endText] = match
  if (!startText && !endText) return { kind: 'unsatisfiable' }
  let start: number
  let end: number
  if (!startText) {
    const suffix = Number(endText)
    if (suffix === 0) return { kind: 'unsatisfiable' }
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(startText)
    end = endText ? Math.min(Number(endText), size - 1) : size - 1
  }
  if (start >= size || start > end) return { kind: 'unsatisfiable' }
  return { kind: 'range', range: { start, end } }
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  // RFC 5987 leaves ' ( ) * out of attr-char; encodeURIComponent would keep them as they are.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * Answers a GET/HEAD for a stored object as a media server should: ETag and 304, byte ranges
 * with 206 (seeking in video and audio), 416 for impossible ranges, caching as asked.
 */
export async function serveObject(request: Request, storage: Storage, key: string, options: { cacheControl: string; downloadName?: string }): Promise<Response> {
  const object = await storage.head(key)
  if (!object) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Cache-Control': options.cacheControl,
    'Content-Type': object.contentType,
    ETag: object.etag,
    'Last-Modified': object.lastModified.toUTCString(),
  })
  if (options.downloadName) headers.set('Content-Disposition', contentDisposition(options.downloadName))

  const ifNoneMatch = request.headers.get('if-none-match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === object.etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers })
  }

  const ifRange = request.headers.get('if-range')
  const rangeHeader = ifRange && ifRange !== object.etag ? null : request.headers.get('range')
  const parsed = parseRange(rangeHeader, object.size)
  if (parsed.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${object.size}`)
    return new Response(null, { status: 416, headers })
  }
  const range = parsed.kind === 'range' ? parsed.range : undefined
  const length = range ? range.end - range.start + 1 : object.size
  headers.set('Content-Length', String(length))
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
  const status = range ? 206 : 200
  if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers })
  const body = Readable.toWeb(await storage.read(key, range)) as ReadableStream
  return new Response(body, { status, headers })
}
