import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { IMMUTABLE_CACHE } from '#app/lib/serve-object.server'
import { fixedSecurityHeaders } from './security'
import { nameRoute } from './request-log'

/*
 * The build's fingerprinted scripts and styles (`/assets/*`), answered from memory with their
 * gzip and brotli bytes made once: every fan's first visit fetches the same dozen files, and going
 * through the page stack made each of them cost a file lookup, a nonce and a fresh compression.
 * A name never changes its bytes (the hash is in it), so each file is read and compressed once
 * per process and kept a year by browsers and CDNs. Byte ranges and names not in the build go on
 * to the static file server behind.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
}
const ASSET_PATH = /^\/assets\/([A-Za-z0-9._-]+)(?:\?.*)?$/
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

type Encoding = 'br' | 'gzip'
/** A file answered from memory: its bytes, and each encoding of them once made (null when no smaller). */
export type KeptFile = {
  type: string
  bytes: Buffer
  etag: string
  encoded: Partial<Record<Encoding, Promise<Buffer | null>>>
}
type Asset = Omit<KeptFile, 'bytes' | 'etag'> & { file: string; bytes?: Buffer; etag?: string }

/** The encoding a request accepts that we prefer, whatever order it names them in: brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
    if (coding) accepted.set(coding, q === undefined ? 1 : Number(q))
  }
  const allows = (coding: Encoding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : null
}

/**
 * The file's bytes in `encoding`, or null when that makes them no smaller. Brotli at quality 9:
 * 11 is a little smaller still, but far slower on the largest script, and the first fan after a
 * start would wait for it.
 */
function encode(bytes: Buffer, encoding: Encoding): Promise<Buffer | null> {
  const made =
    encoding === 'br'
      ? brotli(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        })
      : gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })
  return made.then((encoded) => (encoded.length < bytes.length ? encoded : null))
}

/** Answers a kept file in the encoding the request prefers, made on its first ask; a 304 when the browser has it. */
export async function sendKeptFile(
  req: Request,
  res: Response,
  file: KeptFile,
  securityHeaders: Record<string, string>,
  cacheControl: string,
) {
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  const encoded = encoding ? await (file.encoded[encoding] ??= encode(file.bytes, encoding)) : null
  const body = encoded ?? file.bytes
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value)
  res.setHeader('Content-Type', file.type)
  res.setHeader('Cache-Control', cacheControl)
  res.setHeader('Vary', 'Accept-Encoding')
  res.setHeader('ETag', file.etag)
  if (req.headers['if-none-match'] === file.etag) {
    res.statusCode = 304
    res.end()
    return
  }
  if (encoded) res.setHeader('Content-Encoding', encoding!)
  res.setHeader('Content-Length', body.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : body)
}

export function fingerprintedAssets(options: { directory: string; appUrl: string; isDevelopment: boolean }) {
  const securityHeadersOf = fixedSecurityHeaders(options)
  const assets = new Map<string, Asset>()
  let names: string[] = []
  try {
    names = readdirSync(options.directory)
  } catch {
    // No build here (tests of the app alone): everything goes on to the static file server.
  }
  for (const name of names) {
    const type = CONTENT_TYPES[path.extname(name)]
    if (type) assets.set(name, { file: path.join(options.directory, name), type, encoded: {} })
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const match = ASSET_PATH.exec(req.url)
    const asset = match ? assets.get(match[1]) : undefined
    if (!asset || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next()
    nameRoute(res, '/assets/*')
    try {
      if (!asset.bytes) {
        asset.bytes = readFileSync(asset.file)
        asset.etag = `"${createHash('sha1').update(asset.bytes).digest('base64url')}"`
      }
      await sendKeptFile(req, res, asset as KeptFile, securityHeadersOf(req.path), IMMUTABLE_CACHE)
    } catch (error) {
      // The file went away under a running process (a new build over the old): the static server answers.
      assets.delete(match![1])
      next(error instanceof Error && 'code' in error && error.code === 'ENOENT' ? undefined : error)
    }
  }
}
