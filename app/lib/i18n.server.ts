import { createHash } from 'node:crypto'
import type { Catalog, Resource, TFunction } from './translator'
import en from '#app/locales/en.json'
import es from '#app/locales/es.json'
import fr from '#app/locales/fr.json'
import pt from '#app/locales/pt.json'
import { isCatalogArea, type CatalogArea } from './i18n-areas'
import { createI18n, detectLanguage, isLanguage, type Language } from './i18n'

export const catalogs = { en, pt, es, fr } satisfies Record<Language, object>

const allResources: Resource = catalogs

const instances = new Map<Language, TFunction>()

/** A translator for one language with the full fallback chain available. */
export function getFixedT(language: Language): TFunction {
  let t = instances.get(language)
  if (!t) {
    t = createI18n(language, allResources).t
    instances.set(language, t)
  }
  return t
}

export function getRequestLanguage(request: Request) {
  return detectLanguage(request)
}

export function getRequestT(request: Request) {
  return getFixedT(detectLanguage(request))
}

const SHARED = ['common', 'errors', 'validation', 'session', 'consent', 'legal', 'public', 'sharing']
/** The namespaces each area ships (i18n-areas.ts); staff screens get the whole catalog. */
export const AREA_NAMESPACES: Record<Exclude<CatalogArea, 'staff'>, string[]> = {
  platform: [...SHARED, 'home'],
  fans: [...SHARED, 'downloads', 'comments', 'setlistFans', 'live', 'findMe'],
}

/** The translations one area ships in one language, and the file the browser fetches them from. */
export type ShippedCatalog = { href: string; version: string; resources: Resource; bytes: Buffer }

const shipped = new Map<string, ShippedCatalog>()

/**
 * What the browser needs to render `area` in `language`: that catalog (every catalog has every
 * key: `npm run i18n:check`), for fans and the marketing site only the namespaces they use. One
 * object per language and area for the life of the process: the server's renders share the
 * translator built from it (i18n-provider.tsx) instead of copying the catalog on every page.
 * Pages name its file rather than carry it (ADR 072); the version in the name is its content's
 * hash, so a browser keeps it until the texts change.
 */
export function shippedCatalog(language: Language, area: CatalogArea = 'staff'): ShippedCatalog {
  const key = `${language}.${area}`
  let found = shipped.get(key)
  if (!found) {
    const catalog = catalogs[language] as Catalog
    const translation =
      area === 'staff'
        ? catalog
        : Object.fromEntries(
            AREA_NAMESPACES[area].filter((name) => name in catalog).map((name) => [name, catalog[name]]),
          )
    const resources = { [language]: translation }
    const bytes = Buffer.from(JSON.stringify(resources))
    const version = createHash('sha256').update(bytes).digest('base64url').slice(0, 12)
    found = { href: `/i18n/${key}.${version}.json`, version, resources, bytes }
    shipped.set(key, found)
  }
  return found
}

const CATALOG_FILE = /^\/i18n\/([a-z]{2})\.([a-z]+)\.([A-Za-z0-9_-]{12})\.json$/

/**
 * The catalog a path names, and whether it is the version this process ships: a page rendered
 * before a deploy may still ask for the texts it was rendered with.
 */
export function catalogAt(pathname: string): { catalog: ShippedCatalog; current: boolean } | null {
  const match = CATALOG_FILE.exec(pathname)
  if (!match || !isLanguage(match[1]) || !isCatalogArea(match[2])) return null
  const catalog = shippedCatalog(match[1], match[2])
  return { catalog, current: catalog.version === match[3] }
}
