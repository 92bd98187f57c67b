import { Readable } from 'node:stream'
import type { ByteRange, Storage, StoredObject } from './storage.server'

/** Immutable renditions (their keys change when their bytes do) may be cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

type ParsedRange = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' }

/** One `bytes=` range (start-end, start-, or -suffix). Several ranges are served whole. */
export function parseRange(header: string | null, size: number): ParsedRange {
  if (!header) return { kind: 'none' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match)
    return header.trim().startsWith('bytes=') && header.includes(',') ? { kind: 'none' } : { kind: 'unsatisfiable' }
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
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export type ObjectAnswer = {
  status: 200 | 206 | 304 | 416
  headers: Record<string, string>
  /** The bytes to send (all of them when absent), for 200 and 206. */
  range?: ByteRange
  length: number
}

/**
 * What a GET/HEAD for a stored object answers, as a media server should: ETag and 304, byte
 * ranges with 206 (seeking in video and audio), 416 for impossible ranges, caching as asked.
 * Shared by the Fetch-style `serveObject` and the fans' file server (server/public-files.ts).
 */
export function answerObject(
  object: StoredObject,
  conditions: { ifNoneMatch?: string | null; ifRange?: string | null; range?: string | null },
  options: { cacheControl: string; downloadName?: string },
): ObjectAnswer {
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Cache-Control': options.cacheControl,
    'Content-Type': object.contentType,
    ETag: object.etag,
    'Last-Modified': object.lastModified.toUTCString(),
  }
  if (options.downloadName) headers['Content-Disposition'] = contentDisposition(options.downloadName)
  if (
    conditions.ifNoneMatch &&
    conditions.ifNoneMatch.split(',').some((tag) => tag.trim() === object.etag || tag.trim() === '*')
  ) {
    return { status: 304, headers, length: 0 }
  }
  const parsed = parseRange(
    conditions.ifRange && conditions.ifRange !== object.etag ? null : (conditions.range ?? null),
    object.size,
  )
  if (parsed.kind === 'unsatisfiable')
    return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${object.size}` }, length: 0 }
  const range = parsed.kind === 'range' ? parsed.range : undefined
  const length = range ? range.end - range.start + 1 : object.size
  headers['Content-Length'] = String(length)
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.size}`
  return { status: range ? 206 : 200, headers, range, length }
}

/** Answers a GET/HEAD for a stored object (see `answerObject`) with its bytes. */
export async function serveObject(
  request: Request,
  storage: Storage,
  key: string,
  options: { cacheControl: string; downloadName?: string },
): Promise<Response> {
  const object = await storage.head(key)
  if (!object) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const answer = answerObject(
    object,
    {
      ifNoneMatch: request.headers.get('if-none-match'),
      ifRange: request.headers.get('if-range'),
      range: request.headers.get('range'),
    },
    options,
  )
  if (answer.status === 304 || answer.status === 416 || request.method === 'HEAD' || answer.length === 0)
    return new Response(null, { status: answer.status, headers: answer.headers })
  const body = Readable.toWeb(await storage.read(key, answer.range)) as ReadableStream
  return new Response(body, { status: answer.status, headers: answer.headers })
}
