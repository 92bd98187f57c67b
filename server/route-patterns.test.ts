import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import routes from '#app/routes'
import { routePatterns, type RouteNode } from './route-patterns'

// The app's routes as the build has them: under the root route, whose path is empty.
const toNode = (entry: RouteConfigEntry): RouteNode => ({
  path: entry.path,
  index: entry.index,
  caseSensitive: entry.caseSensitive,
  children: entry.children?.map(toNode),
})
const tree: RouteNode[] = [{ path: '', children: routes.map(toNode) }]

/** React Router's own answer: the pattern of the routes it matched (as its loaders are told). */
function reactRoutersPattern(pathname: string) {
  const matches = matchRoutes(tree as RouteObject[], pathname)
  if (!matches) return null
  return `/${matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/')}`.replace(/\/\/+/g, '/')
}

/** Every full route path of the tree. */
function fullPaths(nodes: RouteNode[], parent = ''): string[] {
  return nodes.flatMap((node) => {
    const path = `${parent}/${node.path ?? ''}`.replace(/\/\/+/g, '/')
    return [path, ...fullPaths(node.children ?? [], path)]
  })
}

/** Addresses that reach `path`'s route, or would if no other route ranked above it. */
function addressesOf(path: string) {
  const concrete = path.replace(/:[\w-]+\??/g, 'x1').replace(/\*$/, 'a/b.jpg')
  return [concrete, `${concrete}/`, concrete.toUpperCase(), `${concrete}/more`, path.replace(/\/:[\w-]+\?/g, '')]
}

describe('routePatterns', () => {
  const patternOf = routePatterns(tree)

  it("names the same route as React Router's matchRoutes for an address of every route of the app", () => {
    const addresses = [
      ...new Set(fullPaths(tree).flatMap(addressesOf)),
      '/',
      '/nowhere/at/all',
      '/demo',
      '/demo/galeria/show-night',
      '/demo/galeria/show-night/fotos',
      '/admin/content/abc/setlist',
      '/api/v1/galleries/abc',
      '/api/auth/sign-in/email',
    ]
    expect(addresses.length).toBeGreaterThan(200)
    for (const address of addresses) expect(patternOf(address), address).toBe(reactRoutersPattern(address))
  })

  it('gives the pattern, never the address: ids and slugs stay out of it', () => {
    expect(patternOf('/demo/galeria/show-night')).toBe('/:clientSlug/galeria/:gallerySlug')
    expect(patternOf('/admin/content/3f1c0a5e')).toBe('/admin/content/:contentItemId')
    expect(patternOf('/api/v1/galleries/abc')).toBe('/api/v1/*')
    expect(patternOf('/admin')).toBe('/admin')
    expect(patternOf('/')).toBe('/')
  })

  it('ranks as React Router does: static segments first, siblings in their order, optional segments exploded', () => {
    const ranked = routePatterns([
      {
        path: '',
        children: [
          { path: ':lang?/about' },
          { path: 'files/*' },
          { path: ':id' },
          { path: 'new' },
          { path: 'teams', children: [{ index: true }, { path: ':team' }] },
        ],
      },
    ])
    expect(ranked('/new')).toBe('/new')
    expect(ranked('/other')).toBe('/:id')
    expect(ranked('/about')).toBe('/:lang?/about')
    expect(ranked('/pt/about')).toBe('/:lang?/about')
    expect(ranked('/files/a/b')).toBe('/files/*')
    expect(ranked('/teams')).toBe('/teams')
    expect(ranked('/teams/red')).toBe('/teams/:team')
    expect(ranked('/a/b/c')).toBeNull()
  })
})
