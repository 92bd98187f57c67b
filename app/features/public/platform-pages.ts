import { POLICY_LAST_UPDATED } from '#app/features/legal/legal-document'

/** The platform's marketing pages a search engine may list, with the day each last changed where it says. */
export const PLATFORM_SITEMAP_PAGES: ReadonlyArray<{ path: string; lastModified: Date | null }> = [
  { path: '/', lastModified: null },
  { path: '/privacy', lastModified: new Date(`${POLICY_LAST_UPDATED}T00:00:00Z`) },
  { path: '/terms', lastModified: new Date(`${POLICY_LAST_UPDATED}T00:00:00Z`) },
  { path: '/cookies', lastModified: new Date(`${POLICY_LAST_UPDATED}T00:00:00Z`) },
  { path: '/docs/api', lastModified: null },
]
