import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { isSearchTooLong } from '#app/lib/list-search'
import { lead } from '#db/schema'
import type { TLeadFilters } from '../leads.schema'

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

/** The list's and the export's WHERE: this company, then search (name, e-mail, company) and filters. */
export function leadConditions(companyId: string, filters: TLeadFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(lead.companyId, companyId)]
  // A search past the limit matches nothing (the page says why), in the list and its export alike.
  if (filters.q && isSearchTooLong(filters.q)) conditions.push(sql`false`)
  else if (filters.q) {
    const pattern = likePattern(filters.q)
    conditions.push(or(ilike(lead.fullName, pattern), ilike(lead.email, pattern), ilike(lead.organisation, pattern)))
  }
  if (filters.content) conditions.push(eq(lead.contentItemId, filters.content))
  if (filters.event) conditions.push(eq(lead.eventId, filters.event))
  if (filters.marketing) conditions.push(eq(lead.marketingConsent, filters.marketing === 'yes'))
  return and(...conditions)!
}
