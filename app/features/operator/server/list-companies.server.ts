import { desc, ilike, or, sql } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { OperatorContext } from '#app/access/context'

export const COMPANY_LIST_LIMIT = 200

// Written out in full: drizzle's unqualified column names would bind to the inner table.
/** Bytes of the files a company stores (its originals, which its plan counts). */
export const storageOf = sql<number>`coalesce((select sum(a.size_bytes) from assets a where a.company_id = companies.id), 0)::float8`
export const membersOf = sql<number>`(select count(*)::int from members m where m.company_id = companies.id)`

/** What the operator sees of every company in a list, and first on its page. */
export const COMPANY_SUMMARY = {
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  plan: organization.plan,
  createdAt: organization.createdAt,
  suspendedAt: organization.suspendedAt,
  subdomain: organization.subdomain,
  subdomainStatus: organization.subdomainStatus,
  members: membersOf,
  storageBytes: storageOf,
}

/** Every company on the platform, newest first, optionally those whose name or address matches. */
export async function listCompanies(operator: OperatorContext, search: string) {
  const term = search.trim()
  // Across every company: the operator's reads bypass the tenant fence, on purpose and only here.
  return operator.platform((tx) =>
    tx
      .select(COMPANY_SUMMARY)
      .from(organization)
      .where(
        term
          ? or(ilike(organization.name, `%${escapeLike(term)}%`), ilike(organization.slug, `%${escapeLike(term)}%`))
          : undefined,
      )
      .orderBy(desc(organization.createdAt))
      .limit(COMPANY_LIST_LIMIT),
  )
}

/** A search term taken literally: % and _ match themselves. */
export function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`)
}
