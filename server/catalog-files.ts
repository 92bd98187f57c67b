import type { NextFunction, Request, Response } from 'express'
import type { ShippedCatalog } from '#app/lib/i18n.server'
import { IMMUTABLE_CACHE } from '#app/lib/serve-object.server'
import { sendKeptFile, type KeptFile } from './fingerprinted-assets'
import { fixedSecurityHeaders } from './security'
import { nameRoute } from './request-log'

/*
 * The translations pages render with, one file per language and area (ADR 072): pages name the
 * file and the browser keeps it, instead of every page carrying the texts in its data (a staff
 * screen carried the whole catalog on every load). Answered from memory like the build's
 * assets, each encoding made once. The version in a file's name is its content's hash, so the
 * current one is kept a year; a page rendered before a deploy that asks for its older version
 * gets today's texts, not to be kept.
 */
export function catalogFiles(options: { appUrl: string; isDevelopment: boolean }) {
  const securityHeadersOf = fixedSecurityHeaders(options)
  const kept = new WeakMap<ShippedCatalog, KeptFile>()
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/i18n/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    // Asked of the module each time: under `--dev` an edited catalog is a new module, the one the
    // pages render with (the production build resolves the import once).
    const { catalogAt } = await import('#app/lib/i18n.server')
    const found = catalogAt(req.path)
    if (!found) return next()
    nameRoute(res, '/i18n/*')
    let file = kept.get(found.catalog)
    if (!file) {
      file = {
        type: 'application/json; charset=utf-8',
        bytes: found.catalog.bytes,
        etag: `"${found.catalog.version}"`,
        encoded: {},
      }
      kept.set(found.catalog, file)
    }
    try {
      await sendKeptFile(req, res, file, securityHeadersOf(req.path), found.current ? IMMUTABLE_CACHE : 'no-cache')
    } catch (error) {
      next(error)
    }
  }
}
