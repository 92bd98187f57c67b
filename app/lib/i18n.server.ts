import type { Catalog, Resource, TFunction } from './translator'
import en from '#app/locales/en.json'
import es from '#app/locales/es.json'
import fr from '#app/locales/fr.json'
import pt from '#app/locales/pt.json'
import type { CatalogArea } from './i18n-areas'
import { createI18n, detectLanguage, type Language } from './i18n'

export const catalogs = { en, pt, es, fr } satisfies Record<Language, object>

const allResources: Resource = Object.fromEntries(
  Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }]),
)

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
  fans: [...SHARED, 'downloads', 'comments', 'setlistFans', 'live'],
}

const shipped = new Map<string, Resource>()

/**
 * What the browser needs to render `area` in `language`: that catalog (every catalog has every
 * key: `npm run i18n:check`), for fans and the marketing site only the namespaces they use. One
 * object per language and area for the life of the process: the server's renders share the
 * translator built from it (i18n-provider.tsx) instead of copying the catalog on every page.
 */
export function clientResources(language: Language, area: CatalogArea = 'staff'): Resource {
  const key = `${language}:${area}`
  let resources = shipped.get(key)
  if (!resources) {
    const catalog = catalogs[language] as Catalog
    const translation = area === 'staff' ? catalog : Object.fromEntries(AREA_NAMESPACES[area].filter((name) => name in catalog).map((name) => [name, catalog[name]]))
    resources = { [language]: { translation } }
    shipped.set(key, resources)
  }
  return resources
}
