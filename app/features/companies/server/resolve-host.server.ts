import { getEnv } from '#app/lib/env.server'
import { getPool } from '#app/lib/db.server'
import { tenantSlugFromHost } from '../tenant-host'

/*
 * The one answer to "whose page is this host?". The platform's own hosts serve the marketing
 * site and `/{slug}` pages; `{label}.PLATFORM_DOMAIN` is a company's subdomain (its slug, or the
 * professional subdomain the operator approved). Custom domains will plug in here, as another
 * kind of host looked up the same way. Subdomain mode, the public page cache, the translation
 * area and share URLs all ask this module.
 *
 * Answers are kept in memory per host. A change to a company's slug or subdomain makes every
 * process forget them: a trigger notifies `company_hosts` (migration 0007) and each process
 * listens; a short lifetime covers a notification lost while the listener reconnects.
 */

export type HostCompany = { id: string; slug: string }

export type HostMatch =
  | { kind: 'platform' }
  /** A company's own host; `company` is null when no company answers to the label. */
  | { kind: 'company'; label: string; company: HostCompany | null }

const PLATFORM: HostMatch = { kind: 'platform' }

type Lookup = (label: string) => Promise<HostCompany | null>

export function createHostResolver(options: { platformDomain: () => string; lookup: Lookup; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const answers = new Map<string, { match: Promise<HostMatch>; expires: number }>()
  return {
    resolve(hostHeader: string | null | undefined): Promise<HostMatch> {
      const label = tenantSlugFromHost(hostHeader, options.platformDomain())
      if (!label) return Promise.resolve(PLATFORM)
      const kept = answers.get(label)
      if (kept && kept.expires > now()) return kept.match
      const match = options.lookup(label).then((company): HostMatch => ({ kind: 'company', label, company }))
      answers.set(label, { match, expires: now() + options.ttlMs })
      // A failed lookup is not an answer: the next request asks again.
      match.catch(() => answers.delete(label))
      return match
    },
    forget() {
      answers.clear()
    },
  }
}

/** A company answering to a subdomain label: its slug, or an approved (active) subdomain, which wins. */
async function lookupLabel(label: string): Promise<HostCompany | null> {
  const { rows } = await getPool().query<HostCompany>({
    name: 'host-company',
    text: `select id, slug from companies
           where slug = $1 or (subdomain = $1 and subdomain_status = 'active')
           order by (subdomain = $1 and subdomain_status = 'active') desc nulls last limit 1`,
    values: [label],
  })
  return rows[0] ?? null
}

const HOST_KEY = Symbol.for('afterglow.hosts')
type GlobalWithHosts = typeof globalThis & { [HOST_KEY]?: ReturnType<typeof createHostResolver> }

function resolver() {
  const store = globalThis as GlobalWithHosts
  store[HOST_KEY] ??= createHostResolver({ platformDomain: () => getEnv().PLATFORM_DOMAIN, lookup: lookupLabel, ttlMs: 60_000 })
  return store[HOST_KEY]
}

/** What a request's Host header points at. */
export function resolveHost(hostHeader: string | null | undefined) {
  return resolver().resolve(hostHeader)
}

/** Forgets every kept answer (a company's address changed). */
export function forgetHosts() {
  resolver().forget()
}

/** Address changes, as migration 0007's trigger announces them: every kept answer goes. */
export const HOST_CHANGES = { company_hosts: () => forgetHosts() }
