import fs from 'node:fs'
import path from 'node:path'
import type express from 'express'
import { nameRoute } from './request-log'

/**
 * The URL paths of the files in the build's client folder outside assets/ (what public/ holds,
 * copied by the build). Read once: they do not change while the app runs.
 */
export function builtPublicFiles(directory: string) {
  const files = fs.existsSync(directory) ? fs.readdirSync(directory, { recursive: true, withFileTypes: true }) : []
  return new Set(
    files
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
      .filter((file) => !file.startsWith('/assets/')),
  )
}

/**
 * `handler` for those paths only. A static file server asked for every page looks for a file of
 * that name on disk first: a failed lookup, with its error object, on every fan's page.
 */
export function onlyFor(paths: Set<string>, handler: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    let file: string
    try {
      file = decodeURIComponent(req.path)
    } catch {
      return next()
    }
    if (!paths.has(file)) return next()
    nameRoute(res, 'public file')
    return handler(req, res, next)
  }
}
