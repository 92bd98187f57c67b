import { z } from 'zod'
import { ZListSearch } from '#app/lib/list-search'

export const LEADS_PAGE_SIZE = 50
export const MARKETING_FILTERS = ['yes', 'no'] as const

/*
 * The list's search, filters and page as they stand in the URL. Anything malformed is dropped
 * rather than refused: a hand-edited or stale link still opens the list.
 */
export const ZLeadFilters = z.object({
  q: ZListSearch,
  content: z.uuid().optional().catch(undefined),
  event: z.uuid().optional().catch(undefined),
  marketing: z.enum(MARKETING_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type TLeadFilters = z.infer<typeof ZLeadFilters>

export function readLeadFilters(url: URL): TLeadFilters {
  return ZLeadFilters.parse(Object.fromEntries(url.searchParams))
}

export function hasLeadFilters(filters: TLeadFilters) {
  return Boolean(filters.q || filters.content || filters.event || filters.marketing)
}

/** The same filters as a query string, without the page (exports and "clear page" links). */
export function leadFilterQuery(filters: TLeadFilters) {
  const params = new URLSearchParams()
  for (const key of ['q', 'content', 'event', 'marketing'] as const) {
    const value = filters[key]
    if (value) params.set(key, value)
  }
  return params.toString()
}

export const ZLeadAction = z.object({
  intent: z.literal('delete'),
  leadId: z.uuid(),
})
