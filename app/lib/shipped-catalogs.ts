import { use } from 'react'
import type { Resource } from './translator'

/*
 * The translations pages render with, by the address of their file (ADR 072). A page's data names
 * its catalog instead of carrying it: on the server the root loader keeps the catalog here before
 * the render; in the browser it is fetched once (the page's head preloads it) and kept by the
 * browser's cache across pages, and whatever renders with it waits for it: hydration at the
 * start, a navigation into another area (a fan going to sign in) or another language.
 */
const catalogs = new Map<string, Resource | Promise<Resource>>()

/**
 * The file's catalog, asked again each second until it comes: a page that waits on its texts
 * would otherwise stay as the server drew it after a dropped connection, or an error screen
 * would replace it.
 */
async function fetchCatalog(href: string): Promise<Resource> {
  for (;;) {
    try {
      const response = await fetch(href)
      if (response.ok) return (await response.json()) as Resource
    } catch {
      // Offline or dropped: asked again below.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

export function keepCatalog(href: string, resources: Resource) {
  catalogs.set(href, resources)
}

/**
 * The catalog at `href`; in the browser, suspends the render until it has come (React then
 * reads the settled promise at once, on every later render).
 */
export function useShippedCatalog(href: string): Resource {
  let found = catalogs.get(href)
  if (!found) {
    if (import.meta.env.SSR) throw new Error(`The catalog ${href} was not kept before the render`)
    found = fetchCatalog(href)
    catalogs.set(href, found)
  }
  return found instanceof Promise ? use(found) : found
}
