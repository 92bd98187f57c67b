import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { publicFiles } from '#app/features/public/server/public-files.server'
import type { FileGuard } from '#app/features/public/server/find-public-rendition.server'
import { hasAccess, parseCookieHeader } from '#app/features/galleries/protection/server/access-cookie.server'
import { logger } from '#app/lib/logger.server'
import { answerObject, IMMUTABLE_CACHE } from '#app/lib/serve-object.server'
import { getStorage, type StoredObject } from '#app/lib/storage.server'
import { fixedSecurityHeaders } from './security'
import { LeastRecentlyUsed } from './least-recently-used'
import { nameRoute } from './request-log'

/*
 * Fans' photos and streams (`/p/{asset}/{variant}`) served as a static file server would: which
 * files are public comes from memory (public-files.server.ts), bytes go from disk to the socket,
 * with ETag/304, byte ranges and a year of immutable caching for renditions. With S3 storage and
 * MEDIA_PUBLIC_URL set (a CDN or public bucket in front of the same keys) fans are redirected
 * there instead, so the bytes never pass through the app.
 */

const PUBLIC_FILE_PATH = /^(\/p\/([^/?]+)\/([^/?]+))(?:\?.*)?$/
const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// Renditions never change under their key; a stream's original neither, but players revalidate.
const STREAM_CACHE = 'public, max-age=3600'

// A protected gallery's photo is the fan's own: no shared cache or CDN may keep it.
const PRIVATE_CACHE = 'private, max-age=3600'

function mayOpen(guard: FileGuard, cookieHeader: string | undefined) {
  if (guard.expiresAt && guard.expiresAt.getTime() <= Date.now()) return false
  return hasAccess('password', guard.galleryId, guard.passwordHash, parseCookieHeader(cookieHeader))
}

function notFound(res: Response) {
  res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').end('Not found')
}

/**
 * The bytes of small files fans ask for again and again (every gallery's thumbnails), kept in
 * memory up to a byte budget, least recently used out first. Keyed by storage key: a rendition's
 * key changes whenever its bytes do, and whether a fan may have it is asked of the index first.
 */
export class HotBytes {
  private readonly kept: LeastRecentlyUsed<Buffer>

  constructor(private readonly limits: { maxBytes: number; maxFileBytes: number }) {
    this.kept = new LeastRecentlyUsed(limits.maxBytes, (bytes) => bytes.length)
  }

  get(key: string) {
    const bytes = this.kept.peek(key)
    if (bytes) this.kept.touch(key, bytes)
    return bytes
  }

  fits(size: number) {
    return size <= this.limits.maxFileBytes
  }

  set(key: string, bytes: Buffer) {
    if (!this.fits(bytes.length) || this.kept.has(key)) return
    this.kept.set(key, bytes)
  }
}

export function publicFileServer(options: {
  appUrl: string
  isDevelopment: boolean
  mediaPublicUrl?: string
  hotBytes?: { maxBytes: number; maxFileBytes: number }
}) {
  const securityHeadersOf = fixedSecurityHeaders(options)
  const hot = new HotBytes(options.hotBytes ?? { maxBytes: 64 * 1024 * 1024, maxFileBytes: 256 * 1024 })

  /**
   * A photo whose whole answer is in memory, answered before Express sees the request (the
   * server's listener asks here first, see fans-first.ts): a fan's gallery asks for dozens at
   * once, and Express's routing had cost about as much as writing them. Anything else (a range,
   * a revalidation, a protected gallery's photo, one not yet read) is the middleware's: false.
   */
  const first = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const match = PUBLIC_FILE_PATH.exec(req.url ?? '')
    if (!match || req.method !== 'GET' || req.headers.range || req.headers['if-none-match']) return false
    const [, , assetId, variant] = match
    if (!ASSET_ID.test(assetId)) return false
    const file = await publicFiles().find(assetId.toLowerCase(), variant)
    const bytes = file?.ready && !file.guard ? hot.get(file.storageKey) : undefined
    if (!file?.ready || !bytes) return false
    nameRoute(res, 'kept photo')
    res.writeHead(200, file.ready)
    res.end(bytes)
    return true
  }

  const serve = async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Matched here rather than by the router: this is the busiest address of the site.
      const match = PUBLIC_FILE_PATH.exec(req.url)
      if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
      nameRoute(res, '/p/:assetId/:variant')
      const [, address, assetId, variant] = match
      const index = publicFiles()
      let file = ASSET_ID.test(assetId) ? await index.find(assetId.toLowerCase(), variant) : null
      // A protected gallery's photo: only with its cookie, never after its end (ADR 059).
      if (file?.guard && !mayOpen(file.guard, req.headers.cookie)) file = null
      // A photo fans ask for again and again: its whole answer was made once.
      const hotBytes =
        file?.ready && !file.guard && req.method === 'GET' && !req.headers.range && !req.headers['if-none-match']
          ? hot.get(file.storageKey)
          : undefined
      if (file?.ready && hotBytes) {
        res.writeHead(200, file.ready)
        res.end(hotBytes)
        return
      }
      // Served before the per-response security middleware: the same headers, made once.
      for (const [name, value] of Object.entries(securityHeadersOf(address))) res.setHeader(name, value)
      if (!file) return notFound(res)
      const storage = getStorage()
      const cacheControl = file.guard ? PRIVATE_CACHE : variant === 'stream' ? STREAM_CACHE : IMMUTABLE_CACHE
      if (storage.kind === 's3' && options.mediaPublicUrl && !file.guard) {
        res.setHeader('Cache-Control', cacheControl)
        return res.redirect(302, `${options.mediaPublicUrl.replace(/\/+$/, '')}/${file.storageKey}`)
      }
      let object: StoredObject | null | undefined = file.object
      if (!object) {
        object = await storage.head(file.storageKey)
        if (!object) return notFound(res)
        index.describe(assetId.toLowerCase(), variant, object)
      }
      const answer = answerObject(
        object,
        { ifNoneMatch: req.get('if-none-match'), ifRange: req.get('if-range'), range: req.get('range') },
        { cacheControl },
      )
      res.status(answer.status)
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value)
      const { range, length } = answer
      if (answer.status === 304 || answer.status === 416 || req.method === 'HEAD' || length === 0) {
        res.end()
        return
      }
      const path = storage.localPath?.(file.storageKey)
      if (path && !range && hot.fits(object.size)) {
        let bytes = hot.get(file.storageKey)
        if (!bytes) {
          bytes = await readFile(path)
          if (bytes.length !== object.size) {
            // Not the file described a moment ago: describe it again on the next request.
            file.object = undefined
            file.ready = undefined
            res
              .status(503)
              .setHeader('Cache-Control', 'no-store')
              .setHeader('Retry-After', '1')
              .removeHeader('Content-Length')
            res.end()
            return
          }
          hot.set(file.storageKey, bytes)
        }
        if (!file.guard) file.ready = res.getHeaders() as Record<string, string | number>
        res.end(bytes)
        return
      }
      const body = path
        ? createReadStream(path, range ? { start: range.start, end: range.end } : undefined)
        : await storage.read(file.storageKey, range)
      body.on('error', (error: Error) => {
        // The file went away between the answer and the read (deleted just now): end the response.
        logger.warn({ err: error, assetId }, 'public file could not be read')
        res.destroy(error)
      })
      res.on('close', () => body.destroy())
      body.pipe(res)
    } catch (error) {
      next(error)
    }
  }
  return Object.assign(serve, { first })
}
