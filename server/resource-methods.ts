import type express from 'express'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { detectLanguage } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'

/*
 * A resource route (a file, a CSV, an API: no page) asked with a method it does not take would
 * get React Router's bare "Unexpected Server Error" with a 400 or 405. Answered here instead, for
 * every such route at once: 405 with the methods it takes and a message in the visitor's language.
 * Pages are left to React Router: their refusals render the error screen.
 */
export function resourceMethods(build: ServerBuild): express.RequestHandler {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes.filter((route) => route.parentId === parentId).map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: tree(route.id) }) as RouteObject)
  const root = tree(undefined)
  return (req, res, next) => {
    if (req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    const leaf = matchRoutes(root, req.path)?.at(-1)
    const module = leaf?.route.id ? build.routes[leaf.route.id]?.module : undefined
    if (!module || module.default) return next()
    const takes = req.method === 'GET' ? Boolean(module.loader) : Boolean(module.action)
    if (takes) return next()
    const t = getFixedT(detectLanguage({ headers: new Headers({ cookie: req.get('cookie') ?? '', 'accept-language': req.get('accept-language') ?? '' }) }))
    res
      .status(405)
      .setHeader('Allow', [module.loader ? 'GET, HEAD' : '', module.action ? 'POST' : ''].filter(Boolean).join(', '))
      .setHeader('Cache-Control', 'no-store')
      .json({ code: 'METHOD_NOT_ALLOWED', message: t('refusal.methodNotAllowed') })
  }
}
