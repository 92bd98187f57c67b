import type express from 'express'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { visitorTexts } from './visitor-language'

/*
 * A resource route (a file, a CSV, an API: no page) asked with a method it does not take would
 * get React Router's bare "Unexpected Server Error" with a 400 or 405. Answered here instead, for
 * every such route at once: 405 with the methods it takes and a message in the visitor's language.
 * Pages are left to React Router: their refusals render the error screen.
 */
export function resourceMethods(build: ServerBuild): express.RequestHandler {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(
        (route) =>
          ({
            id: route.id,
            path: route.path,
            index: route.index,
            caseSensitive: route.caseSensitive,
            children: tree(route.id),
          }) as RouteObject,
      )
  const root = tree(undefined)
  // React Router's matchRoutes ranks all the app's routes on every call (a sizeable part of an
  // uncached fan's page). Only a path that could be a resource route lacking the
  // method is worth it: a GET to a page, the usual request, is let through after a regex or two.
  const fullPath = (id: string | undefined): string =>
    id ? `${fullPath(build.routes[id]?.parentId)}/${build.routes[id]?.path ?? ''}` : ''
  const resources = routes.filter((route) => !route.module.default)
  const lacking = (method: 'loader' | 'action') =>
    resources.filter((route) => !route.module[method]).map((route) => loosePattern(fullPath(route.id)))
  const lackingLoader = lacking('loader')
  const lackingAction = lacking('action')
  return (req, res, next) => {
    if (req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    if (!(req.method === 'GET' ? lackingLoader : lackingAction).some((pattern) => pattern.test(req.path))) return next()
    const leaf = matchRoutes(root, req.path)?.at(-1)
    const module = leaf?.route.id ? build.routes[leaf.route.id]?.module : undefined
    if (!module || module.default) return next()
    const takes = req.method === 'GET' ? Boolean(module.loader) : Boolean(module.action)
    if (takes) return next()
    const t = visitorTexts(req)
    res
      .status(405)
      .setHeader('Allow', [module.loader ? 'GET, HEAD' : '', module.action ? 'POST' : ''].filter(Boolean).join(', '))
      .setHeader('Cache-Control', 'no-store')
      .json({ code: 'METHOD_NOT_ALLOWED', message: t('refusal.methodNotAllowed') })
  }
}

/**
 * A regex that matches every path React Router could match to a route's full path, and maybe
 * more (any case, a parameter as any segment): a first look, never the verdict.
 */
export function loosePattern(path: string) {
  const segments = path.split('/').filter(Boolean)
  const source = segments
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?'
      const optional = segment.endsWith('?')
      const name = optional ? segment.slice(0, -1) : segment
      const part = name.startsWith(':') ? '/[^/]+' : `/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
      return optional ? `(?:${part})?` : part
    })
    .join('')
  return new RegExp(`^${source}/?$`, 'i')
}
