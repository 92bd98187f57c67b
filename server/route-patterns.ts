import type { ServerBuild } from 'react-router'

/*
 * The pattern of the React Router route an address reaches (`/:company/galeria/:slug`), for the
 * request's access line: what groups requests by page, where the address itself holds ids, slugs
 * and tokens. React Router says it only to loaders and to the document it renders (not to data
 * requests or resource routes), and its `matchRoutes` ranks every route again on each call; so
 * the routes are ranked here once, as React Router ranks them (the same scores and order, checked
 * against its matchRoutes in route-patterns.test.ts), and an address is tried against those
 * sharing its first segment.
 */

export type RouteNode = { path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] }

type Branch = { pattern: string; score: number; indexes: number[]; matcher: RegExp; first: string | null }

const PARAM = /^:[\w-]+$/

/** React Router's route score: static segments outrank dynamic ones, which outrank splats. */
function scoreOf(path: string, index: boolean | undefined) {
  const segments = path.split('/')
  let score = segments.length
  if (segments.includes('*')) score -= 2
  if (index) score += 2
  for (const segment of segments) {
    if (segment === '*') continue
    score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10
  }
  return score
}

/** Every form of a path with optional segments (`a/:b?` → `a/:b`, `a`), as React Router explodes it. */
function explode(path: string): string[] {
  const [first, ...rest] = path.split('/')
  const optional = first.endsWith('?')
  const required = first.replace(/\?$/, '')
  if (rest.length === 0) return optional ? [required, ''] : [required]
  const tails = explode(rest.join('/'))
  const withFirst = tails.map((tail) => (tail === '' ? required : [required, tail].join('/')))
  return optional ? [...withFirst, ...tails] : withFirst
}

const join = (...paths: string[]) => paths.join('/').replace(/\/\/+/g, '/')

/** React Router's path matcher for a whole path (compilePath with `end`). */
function matcherOf(path: string, caseSensitive: boolean) {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_match, _name, optional) => (optional ? '/?([^\\/]+)?' : '/([^\\/]+)'))
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`
  if (path.endsWith('*')) source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$'
  else source += '\\/*$'
  return new RegExp(source, caseSensitive ? undefined : 'i')
}

function flatten(
  routes: RouteNode[],
  branches: Branch[],
  parent: { indexes: number[]; path: string; pattern: string; caseSensitive: boolean },
) {
  routes.forEach((route, index) => {
    const parentPath = parent.path
    // As React Router names it to loaders: the routes' own paths, optional segments and all.
    const pattern = join(parent.pattern, route.path ?? '')
    const paths = !route.path?.includes('?') ? [route.path ?? ''] : explode(route.path)
    for (const own of paths) {
      const relative = own.startsWith('/') ? own.slice(parentPath.length) : own
      const path = join(parentPath, relative)
      const indexes = [...parent.indexes, index]
      const sensitive = parent.caseSensitive || route.caseSensitive === true
      if (route.children?.length)
        flatten(route.children, branches, { indexes, path, pattern, caseSensitive: sensitive })
      if (route.path == null && !route.index) continue
      const firstSegment = path.split('/').find(Boolean)
      branches.push({
        pattern: `/${pattern.replace(/^\/+|\/+$/g, '')}`,
        score: scoreOf(path, route.index),
        indexes,
        matcher: matcherOf(path, sensitive),
        first:
          firstSegment && !firstSegment.startsWith(':') && firstSegment !== '*' ? firstSegment.toLowerCase() : null,
      })
    }
  })
}

/** React Router's order between two branches of one score: siblings in the order they are declared, others as they came. */
function byIndexes(a: number[], b: number[]) {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i])
  return siblings ? a[a.length - 1] - b[b.length - 1] : 0
}

/** The route tree of a server build (its flat manifest, in the order it declares the routes). */
export function routeTreeOf(routes: ServerBuild['routes']): RouteNode[] {
  const all = Object.values(routes).filter((route) => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteNode[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) => ({
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        children: childrenOf(route.id),
      }))
  return childrenOf(undefined)
}

/** The pattern of the route an address's path reaches, or null when none does (see the module). */
export function routePatterns(tree: RouteNode[]): (pathname: string) => string | null {
  const branches: Branch[] = []
  flatten(tree, branches, { indexes: [], path: '', pattern: '', caseSensitive: false })
  branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : byIndexes(a.indexes, b.indexes)))
  // The branches an address may reach, by its first segment: those starting with it or with a
  // parameter. A first segment no route starts with gets the latter alone.
  const dynamicFirst = branches.filter((branch) => branch.first === null)
  const byFirst = new Map<string, Branch[]>()
  for (const { first } of branches)
    if (first !== null && !byFirst.has(first))
      byFirst.set(
        first,
        branches.filter((branch) => branch.first === null || branch.first === first),
      )
  return (pathname) => {
    const end = pathname.indexOf('/', 1)
    const first = pathname.slice(1, end < 0 ? undefined : end).toLowerCase()
    for (const branch of byFirst.get(first) ?? dynamicFirst) if (branch.matcher.test(pathname)) return branch.pattern
    return null
  }
}
