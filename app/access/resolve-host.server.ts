import { getEnv } from '#app/lib/env.server'
import { and, eq, ne } from 'drizzle-orm'
import { customDomain, organization } from '#db/schema'
import { getPool, withSystem } from '#app/lib/db.server'
import { isDatabaseUnavailable } from '#app/lib/errors'
import { forgetTlsHosts } from '#app/access/tls-allow-list.server'
import { tenantSlugFromHost } from '#app/features/companies/tenant-host'

/*
 * The one answer to "whose page is this host?". The platform's own hosts serve the marketing
 * site and `/{slug}` pages; `{label}.PLATFORM_DOMAIN` serves the company whose active subdomain
 * that label is (approved by the operator, or at once where SUBDOMAIN_AUTO_APPROVE is on). A page
 * address alone, or a subdomain still pending or rejected, serves nothing there. A verified
 * custom domain the operator did not reject is another kind of host, looked up the same way. Subdomain mode, the public page
 * cache, the translation area and share URLs all ask this module.
 *
 * Answers are kept in memory per host. A change to a company's slug or subdomain makes every
 * process forget them: a trigger notifies `company_hosts` (migration 0007) and each process
 * listens; a short lifetime covers a notification lost while the listener reconnects.
 *
 * When the listener's connection drops, notifications may have been missed: every answer is put in
 * doubt rather than forgotten (`doubt`). A doubted or expired answer is asked again, and given as
 * it was only while the database cannot be asked, so fans on a company's own domain keep the pages
 * the page cache holds for them through a restart of the database.
 */

/** Hosts kept at most: names anyone can send in a Host header must not grow the process without bound. */
const MAX_KEPT_HOSTS = 10_000

export type HostCompany = { id: string; slug: string }

export type HostMatch =
  | { kind: 'platform' }
  /**
   * A company's own host: its subdomain (`label`), or a verified custom domain (`origin`, its
   * public address). `company` is null when no company answers to the label.
   */
  | { kind: 'company'; label: string; company: HostCompany | null; origin?: string }

const PLATFORM: HostMatch = { kind: 'platform' }

type Lookup = (label: string) => Promise<HostCompany | null>
/** The company a verified custom domain belongs to, with the scheme its pages are served on. */
type CustomLookup = (host: string) => Promise<{ company: HostCompany; origin: string } | null>

/** A host no company could own: the platform's, loopback, an address. */
function isPlatformOwnHost(host: string, platformDomain: string) {
  const bare = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  return (
    bare === platformDomain.toLowerCase().replace(/:\d+$/, '') ||
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    /^[\d.]+$/.test(bare) ||
    bare.startsWith('[') ||
    !bare.includes('.')
  )
}

export function createHostResolver(options: {
  platformDomain: () => string
  lookup: Lookup
  lookupCustom?: CustomLookup
  ttlMs: number
  now?: () => number
}) {
  const now = options.now ?? Date.now
  const answers = new Map<string, { match: Promise<HostMatch>; expires: number }>()
  const remember = (key: string, find: () => Promise<HostMatch>) => {
    const kept = answers.get(key)
    if (kept && kept.expires > now()) return kept.match
    const match = find().catch((error: unknown) => {
      // The database away: the answer it gave last stands, still in doubt (asked again next time).
      if (kept && isDatabaseUnavailable(error)) {
        answers.set(key, { match: kept.match, expires: 0 })
        return kept.match
      }
      // A failed lookup is not an answer: the next request asks again.
      answers.delete(key)
      throw error
    })
    answers.delete(key)
    answers.set(key, { match, expires: now() + options.ttlMs })
    if (answers.size > MAX_KEPT_HOSTS) answers.delete(answers.keys().next().value as string)
    return match
  }
  return {
    resolve(hostHeader: string | null | undefined): Promise<HostMatch> {
      const label = tenantSlugFromHost(hostHeader, options.platformDomain())
      if (label)
        return remember(label, () =>
          options.lookup(label).then((company): HostMatch => ({ kind: 'company', label, company })),
        )
      const lookupCustom = options.lookupCustom
      if (!hostHeader || !lookupCustom || isPlatformOwnHost(hostHeader, options.platformDomain()))
        return Promise.resolve(PLATFORM)
      const host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
      // Any other name pointed at us: a company's verified domain, else the platform itself.
      return remember(`custom:${host}`, () =>
        lookupCustom(host).then(
          (found): HostMatch =>
            found
              ? { kind: 'company', label: found.company.slug, company: found.company, origin: found.origin }
              : PLATFORM,
        ),
      )
    },
    forget() {
      answers.clear()
    },
    /** Notifications may have been missed: every answer is asked again before it is given. */
    doubt() {
      for (const kept of answers.values()) kept.expires = 0
    },
  }
}

/** The company whose active subdomain `label` is; a pending or rejected request answers nothing. */
async function lookupLabel(label: string): Promise<HostCompany | null> {
  const { rows } = await getPool().query<HostCompany>({
    name: 'host-company-subdomain',
    text: `select id, slug from companies where subdomain = $1 and subdomain_status = 'active'`,
    values: [label],
  })
  return rows[0] ?? null
}

const HOST_KEY = Symbol.for('afterglow.hosts')
type GlobalWithHosts = typeof globalThis & { [HOST_KEY]?: ReturnType<typeof createHostResolver> }

/** The company of a verified custom domain the operator did not reject; served on the platform's scheme. */
async function lookupCustomDomain(host: string) {
  // Which company owns a name is read before any company is known: across tenants, by nature.
  const [row] = await withSystem((tx) =>
    tx
      .select({ id: organization.id, slug: organization.slug })
      .from(customDomain)
      .innerJoin(organization, eq(organization.id, customDomain.companyId))
      .where(
        and(eq(customDomain.host, host), eq(customDomain.state, 'verified'), ne(customDomain.approval, 'rejected')),
      ),
  )
  return row ? { company: row, origin: `${new URL(getEnv().APP_URL).protocol}//${host}` } : null
}

function resolver() {
  const store = globalThis as GlobalWithHosts
  store[HOST_KEY] ??= createHostResolver({
    platformDomain: () => getEnv().PLATFORM_DOMAIN,
    lookup: lookupLabel,
    lookupCustom: lookupCustomDomain,
    ttlMs: 60_000,
  })
  return store[HOST_KEY]
}

/** What a request's Host header points at. */
export function resolveHost(hostHeader: string | null | undefined) {
  return resolver().resolve(hostHeader)
}

/** The change listener lost its connection: every kept answer is asked again before it is given. */
export function doubtHosts() {
  resolver().doubt()
}

/**
 * Address changes, as migration 0007's trigger announces them: every kept answer is asked again
 * before it is given. Doubted rather than forgotten, so a change announced just before the
 * database goes away does not turn fans on companies' own hosts away from pages kept for them.
 */
export const HOST_CHANGES = {
  company_hosts: () => {
    doubtHosts()
    forgetTlsHosts()
  },
}
