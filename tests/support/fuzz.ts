import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import * as schema from '#db/schema'
import routeConfig from '#app/routes'
import { withSystem } from '#app/lib/db.server'
import { catalogs } from '#app/lib/i18n.server'
import type { Language } from '#app/lib/i18n'
import { LAST_RESORT_TEXTS } from '#app/components/global-error'

/*
 * What the fuzz suite (tests/integration/fuzz.test.ts) reads from the product itself, so a route,
 * a field or a table added tomorrow is fuzzed without anyone listing it: the routes from
 * app/routes.ts, the field names and fixed values from the zod schemas and forms, the tables from
 * the drizzle schema.
 */

export type FuzzRoute = {
  id: string
  path: string
  file: string
  index: boolean
  hasAction: boolean
  isResource: boolean
}

type RouteEntry = { id?: string; path?: string; file: string; index?: boolean; children?: RouteEntry[] }

const APP = path.resolve('app')

function source(file: string) {
  return readFileSync(path.join(APP, file), 'utf8')
}

/** Every route of app/routes.ts with its full path, whether it takes posts, and whether it renders a page. */
export function listRoutes(): FuzzRoute[] {
  const routes: FuzzRoute[] = []
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = [prefix, entry.path ?? ''].filter(Boolean).join('/')
      const text = source(entry.file)
      const hasAction = /export\s+(const|async\s+function|function)\s+action\b/.test(text)
      const isResource = !/export\s+default\b/.test(text)
      routes.push({
        id: entry.id ?? entry.file,
        path: `/${full}`,
        file: entry.file,
        index: Boolean(entry.index),
        hasAction,
        isResource,
      })
      if (entry.children) walk(entry.children, full)
    }
  }
  walk(routeConfig as RouteEntry[], '')
  return routes
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return filesUnder(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx')
      ? [full]
      : []
  })
}

/** Field names the product's forms and schemas know, and the fixed values (intents, enums) they accept. */
export function harvestVocabulary() {
  const fields = new Set<string>(['intent'])
  const literals = new Set<string>()
  const queries = new Set<string>()
  for (const file of filesUnder(APP)) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/\bname=["']([A-Za-z][\w-]*)["']/g)) fields.add(match[1])
    if (file.endsWith('.schema.ts'))
      for (const match of text.matchAll(/\b([a-z][A-Za-z0-9]*)\s*:\s*[A-Za-z][\w.]*\(/g)) fields.add(match[1])
    for (const match of text.matchAll(/z\.literal\(\s*'([^']+)'/g)) literals.add(match[1])
    for (const match of text.matchAll(/z\.enum\(\s*\[([^\]]+)\]/g))
      for (const value of match[1].matchAll(/'([^']+)'/g)) literals.add(value[1])
    for (const match of text.matchAll(/searchParams\.get(?:All)?\(\s*'([^']+)'/g)) queries.add(match[1])
  }
  return { fields: [...fields].sort(), literals: [...literals].sort(), queries: [...queries].sort() }
}

// -- Hostile values ---------------------------------------------------------------------------

const CONTROL = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  '\t',
  '\u202e\u200f',
  '\uFEFF',
]
const SHAPES = [
  '',
  ' ',
  '   ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '9'.repeat(40),
  '2026-02-30',
  '99999-12-31',
  '../../../etc/passwd',
  '..%2F..%2F',
  "' or 1=1 --",
  '"; drop table companies; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '{"intent":"delete"}',
  '[]',
  '%',
  '%00',
  'javascript:alert(1)',
  '//evil.example/',
  'https://evil.example/x',
  'Ａｆｔｅｒｇｌｏｗ',
  'ß'.repeat(64),
  '😀'.repeat(64),
  'a\u0301'.repeat(64),
  '\uD800',
  'x'.repeat(2_001),
]

/** A text a person would not type: controls, injections, odd shapes, unicode, other companies' ids. */
export function hostileText(ids: string[], literals: string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...CONTROL, ...SHAPES) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
    { weight: 2, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...literals) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...literals), fc.constantFrom(...CONTROL)).map(([a, b]) => a + b),
    },
  )
}

/** Percent-encodes every UTF-8 byte that is not unreserved; lone surrogates become U+FFFD, as browsers send them. */
export function encodeSegment(value: string) {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8'))
    out += /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  return out
}

/** Encoded path segments that decode to nothing or to something hostile. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%C0%AE%C0%AE', '..', '.', '%2e%2e', '%2F', '%00', 'x%00', '%7F']

export function segment(ids: string[], literals: string[]) {
  return fc.oneof(
    { weight: 5, arbitrary: hostileText(ids, literals).map((value) => encodeSegment(value.slice(0, 600))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  )
}

/** A route's path with each `:param` (and a splat) filled from `segments`. */
export function fillPath(routePath: string, values: string[]) {
  let i = 0
  const filled = routePath
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? values[i++ % Math.max(values.length, 1)] || 'x' : part))
    .join('/')
  return filled === '' ? '/' : filled
}

export function paramCount(routePath: string) {
  return routePath.split('/').filter((part) => part.startsWith(':') || part === '*').length
}

// -- What a refusal must say ----------------------------------------------------------------

function leaves(value: unknown, prefix = '', into = new Map<string, string>()) {
  if (typeof value === 'string') into.set(prefix, value)
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into)
  return into
}

const KEYS = leaves(catalogs.en)
const TEXTS = Object.fromEntries(
  Object.entries(catalogs).map(([language, catalog]) => [
    language,
    new Set([...leaves(catalog).values()].map((text) => text.split('{{')[0].trim()).filter((text) => text.length >= 4)),
  ]),
) as Record<Language, Set<string>>

/** Leaf keys of the catalogs that are refusals: errors, validation, and anything named like one. */
const REFUSAL_KEY =
  /(^errors\.|^validation\.|error|invalid|notFound|forbidden|refused|required|tooMany|rateLimit|limit|unavailable|denied|expired|closed|suspended|unknown|tooLong|tooShort|already|notAllowed|cannot|mustBe|wrong|failed)/i
const REFUSAL_TEXTS = Object.fromEntries(
  Object.entries(catalogs).map(([language, catalog]) => [
    language,
    [
      ...[...leaves(catalog)].filter(([key]) => REFUSAL_KEY.test(key)).map(([, text]) => text.split('{{')[0].trim()),
      ...Object.values(LAST_RESORT_TEXTS[language as Language]),
    ].filter((text) => text.length >= 4),
  ]),
) as Record<Language, string[]>

function decodeEntities(html: string) {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Every string inside a single-fetch (turbo-stream) or JSON answer. */
function stringsIn(body: string) {
  const found: string[] = []
  const collect = (value: unknown) => {
    if (typeof value === 'string') found.push(value)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  for (const line of body.split('\n')) {
    if (!line.trim()) continue
    try {
      collect(JSON.parse(line.replace(/^P\d+:/, '')))
    } catch {
      // not JSON: no strings to read
    }
  }
  return found
}

/**
 * Endpoints whose callers are programs, not people (health checks, the admin's session ping,
 * Stripe, the fans' analytics beacon, tus uploads, images): a refusal there must still be a 4xx
 * that says something, but not a sentence in the visitor's language.
 */
export const FOR_PROGRAMS = /^\/(api\/(health|session\/|billing\/webhook|events|uploads|qr\/)|media\/|og\/)/

/** Why a program's refusal would not say what went wrong, or null. */
export function unclearProgramRefusal(response: { status: number; text: string }) {
  if (/Unexpected Server Error/.test(response.text)) return `React Router's bare answer: ${response.text.slice(0, 120)}`
  return null
}

/**
 * Why a refusal (a 4xx) would leave its visitor without a clear answer in their language, or
 * null when it says what went wrong: a page in that language showing one of the catalog's
 * refusal texts; data for the page's scripts carrying a catalog key they translate; an API's
 * `message` in that language.
 */
export function unclearRefusal(
  response: { status: number; headers: Record<string, unknown>; text: string },
  language: Language,
): string | null {
  const type = String(response.headers['content-type'] ?? '')
  if (type.includes('text/html')) {
    const lang = response.text.match(/<html[^>]*\blang="([a-z]{2})/)?.[1]
    if (lang !== language) return `the page is in ${lang ?? 'no language'}, not ${language}`
    const text = decodeEntities(response.text.replace(/<script[\s\S]*?<\/script>/g, ''))
    if (REFUSAL_TEXTS[language].some((message) => text.includes(message))) return null
    // A form posted without the page's scripts gets the page back with the refusal in its data;
    // the page shows it once its scripts run (a toast). Showing it without them is not done yet.
    const keys = [...response.text.matchAll(/\\?"([a-zA-Z][\w]*(?:\.[\w-]+)+)\\?"/g)].map((match) => match[1])
    if (keys.some((key) => KEYS.has(key) && REFUSAL_KEY.test(key))) return null
    const data = [...response.text.matchAll(/<script[\s\S]*?<\/script>/g)].map((match) => match[0]).join('')
    if (
      [...TEXTS[language]].some((message) => message.length >= 8 && data.includes(JSON.stringify(message).slice(1, -1)))
    )
      return null
    return 'the page shows none of the catalog’s refusal texts, nor carries one in its data'
  }
  if (type.includes('text/x-script') || type.includes('turbo-stream')) {
    const strings = stringsIn(response.text)
    if (
      strings.some(
        (value) => (KEYS.has(value) && REFUSAL_KEY.test(value)) || TEXTS[language].has(value.split('{{')[0].trim()),
      )
    )
      return null
    // A refusal the page's error screen shows, in the page's language (the same refusal as a document is checked for that).
    if (strings.includes('ErrorResponse') || strings.includes('ErrorResponseImpl')) return null
    // The data of a not-found route (routes/admin/not-found): its screen is the refusal, in the page's language.
    if (strings.some((value) => /^routes\/.*not-found$/.test(value))) return null
    return `the page’s data carries no message to show: ${response.text.slice(0, 200)}`
  }
  if (type.includes('json') || type.includes('text/plain')) {
    const strings = type.includes('json') ? stringsIn(response.text) : [response.text.trim()]
    if (
      strings.some(
        (value) => TEXTS[language].has(value.split('{{')[0].trim()) || (KEYS.has(value) && REFUSAL_KEY.test(value)),
      )
    )
      return null
    return `no message in ${language}: ${response.text.slice(0, 200)}`
  }
  return `a ${type || 'bodiless'} answer: ${response.text.slice(0, 120)}`
}

/** Each catalog text of a language as a pattern its interpolated form matches (`{{plan}}` stands for anything). */
const CATALOG_PATTERNS = Object.fromEntries(
  Object.entries(catalogs).map(([language, catalog]) => [
    language,
    [...new Set(leaves(catalog).values())].map(
      (text) =>
        new RegExp(
          `^${text
            .split(/\{\{\s*\w+\s*\}\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[\\s\\S]*')}$`,
        ),
    ),
  ]),
) as Record<Language, RegExp[]>

/**
 * Why a refusal of the public API (/api/v1) would not tell its program what went wrong, or null:
 * it must be an RFC 9457 problem (`application/problem+json`) with the answer's status, the app's
 * error `code`, and a `detail` that is one of the catalog's texts in the caller's language.
 */
export function unclearProblem(
  response: { status: number; headers: Record<string, unknown>; text: string },
  language: Language,
): string | null {
  const type = String(response.headers['content-type'] ?? '')
  if (!type.startsWith('application/problem+json'))
    return `a ${type || 'bodiless'} answer, not a problem: ${response.text.slice(0, 120)}`
  let problem: { status?: unknown; code?: unknown; detail?: unknown }
  try {
    problem = JSON.parse(response.text)
  } catch {
    return `a problem that is not JSON: ${response.text.slice(0, 120)}`
  }
  if (problem.status !== response.status)
    return `the problem says ${String(problem.status)}, the answer ${response.status}`
  if (typeof problem.code !== 'string' || problem.code === '')
    return `a problem without a code: ${response.text.slice(0, 200)}`
  if (typeof problem.detail !== 'string' || problem.detail.trim() === '')
    return `a problem without a detail: ${response.text.slice(0, 200)}`
  const detail = problem.detail
  if (!CATALOG_PATTERNS[language].some((pattern) => pattern.test(detail)))
    return `the detail is none of the catalog's texts in ${language}: ${detail.slice(0, 200)}`
  return null
}

// -- The database, before and after --------------------------------------------------------

/**
 * Tables that change without anyone asking (sessions, rate limits, fans' analytics, the nightly
 * company archives at 02:23 UTC, the worker's job leases renewed every few seconds), and the audit
 * trail, which records access to sensitive pages and attempts whether or not they are refused.
 */
const VOLATILE = /^(sessions|rate_limits|verifications|analytics_.*|audit_events|company_backups|job_leases)$/

/** A table's column that names the company a row belongs to (the companies table: its own id), if any. */
function companyColumn(table: PgTable): string | null {
  if (getTableName(table) === 'companies') return 'id'
  return Object.values(getTableColumns(table)).some((column) => column.name === 'company_id') ? 'company_id' : null
}

/** The tables a fingerprint reads, by name, each with its company column. */
const FINGERPRINTED = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => ({ name: getTableName(table), companyColumn: companyColumn(table) }))
  .filter((table) => !VOLATILE.test(table.name))
  .sort((a, b) => a.name.localeCompare(b.name))

/**
 * Columns that record a use rather than a change: an API key's last use is written whenever it
 * is presented (at most once a minute), a refused request included, as a session's is.
 */
const USE_STAMPS: Record<string, string[]> = { api_keys: ['last_used_at'] }

/**
 * A fingerprint of the rows a fuzzed request could reach, per table (leaving out the use stamps):
 * every row of the tables that belong to no company (people, their accounts, the platform's own),
 * and the rows of the fuzzed companies (their own and the "victim" whose ids they send) in the
 * others. Other companies' rows are left out: the scheduled sweeps (renditions every 5 minutes,
 * abandoned uploads at :17) work on what earlier test files left behind at any moment, and a
 * refusal must not be blamed for them.
 */
export async function databaseFingerprint(companyIds: string[]): Promise<Record<string, string>> {
  if (companyIds.length === 0) throw new Error('databaseFingerprint needs the fuzzed companies')
  const companies = companyIds.map((id) => `'${id.replace(/'/g, '')}'`).join(', ')
  const row = (name: string) =>
    USE_STAMPS[name]
      ? `(to_jsonb(t) - array[${USE_STAMPS[name].map((column) => `'${column}'`).join(', ')}])::text`
      : 't::text'
  const query = FINGERPRINTED.map(({ name, companyColumn }) => {
    const scope = companyColumn ? ` where t."${companyColumn}" in (${companies})` : ''
    return `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(${row(name)})::bigint), 0)::text as print from "${name}" t${scope}`
  }).join(' union all ')
  const rows = await withSystem((tx) => tx.execute(sql.raw(query)))
  return Object.fromEntries(
    (rows as unknown as { rows?: { name: string; print: string }[] }).rows?.map((row) => [row.name, row.print]) ??
      (rows as unknown as { name: string; print: string }[]).map((row) => [row.name, row.print]),
  )
}

/**
 * Waits until the job queue has nothing due within a minute (a retry waiting out its delay
 * included): work a request queued (every photo redrawn after a
 * watermark change, say) is then not taken for a change made by the next request. Work that does
 * not finish in time fails the run, so a refusal is never blamed for a job's late writes.
 */
export async function queueSettled(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = await withSystem((tx) =>
      tx.execute(
        sql`select name from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() + interval '1 minute'`,
      ),
    )
    const due = (
      (rows as unknown as { rows?: { name: string }[] }).rows ?? (rows as unknown as { name: string }[])
    ).map((row) => row.name)
    if (due.length === 0) return
    if (Date.now() > until)
      throw new Error(
        `the job queue did not settle in ${timeoutMs / 1000} s: ${[...new Set(due)].join(', ')} (${due.length} jobs due)`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(before).filter((name) => before[name] !== after[name])
}
