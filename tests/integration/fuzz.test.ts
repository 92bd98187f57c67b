import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { asset, comment, contentItem, event, lead, user } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import type { Language } from '#app/lib/i18n'
import { TestClient, type HttpResponse } from '../support/http-client'
import { createCompanyAdmin, createMemberAccount, createVerifiedUser, signIn, STRONG_PASSWORD } from '../support/fixtures'
import { changedTables, FOR_PROGRAMS, queueSettled, unclearProgramRefusal, databaseFingerprint, encodeSegment, fillPath, harvestVocabulary, hostileText, listRoutes, paramCount, segment, unclearRefusal, type FuzzRoute } from '../support/fuzz'

/*
 * Property-based fuzzing of every route of app/routes.ts (and the server's own endpoints), as a
 * signed-out visitor and as each role: hostile route parameters, queries, form fields, JSON where a
 * form is expected, broken multipart, other companies' ids. Whatever is sent, the answer is never a
 * 5xx; a refusal (4xx) says what went wrong in the visitor's language; and a refusal changes
 * nothing in the database. Bounded: a fixed seed (FUZZ_SEED) and a fixed number of runs per route
 * and role (FUZZ_RUNS); fast-check prints the seed and the shrunk request on failure. FUZZ_ONLY
 * (a pattern of route paths) replays part of a run to look into a failure.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 2)
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '')
fc.configureGlobal({ endOnFailure: true })

const OPERATOR_EMAIL = 'operator@afterglow.test'
type Role = { name: string; language: Language; client: () => Promise<TestClient> }
const ROLE_NAMES = ['anonymous', 'company admin', 'manager', 'platform operator']

const routes = listRoutes()
const vocabulary = harvestVocabulary()
// Endpoints the server mounts before React Router (server/app.ts): fans' events and tus uploads.
const serverEndpoints: FuzzRoute[] = [
  { id: 'server:events', path: '/api/events', file: 'server/fan-events.ts', index: false, hasAction: true, isResource: true },
  { id: 'server:uploads', path: '/api/uploads/:uploadId', file: 'app/features/media/server/upload-server.server.ts', index: false, hasAction: true, isResource: true },
]

let ids: string[] = []
let roles: Role[] = []

async function signedIn(credentials: { email: string; password: string }) {
  const client = new TestClient()
  await signIn(client, credentials)
  return client
}

/** A role's client, signed in again if something the fuzz sent signed it out. */
function keepSignedIn(credentials: { email: string; password: string }) {
  let client: TestClient | undefined
  return async () => {
    if (!client || (await client.get('/api/auth/get-session', CLOSE)).text === 'null') client = await signedIn(credentials)
    return client
  }
}

beforeAll(async () => {
  const admin = await createCompanyAdmin('fuzz')
  const manager = await createMemberAccount(admin.company.id, 'manager')
  // The console's tests may have made the operator's account already (one app, one database per run).
  const [operatorAccount] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, OPERATOR_EMAIL))
  const operator = operatorAccount ? { email: OPERATOR_EMAIL, password: STRONG_PASSWORD } : await createVerifiedUser({ email: OPERATOR_EMAIL, name: 'Olga Operator' })

  // Another company's things: every id of theirs must be refused or answered as nothing.
  const victim = await createCompanyAdmin('victim')
  const [gallery] = await withSystem((tx) => tx.insert(contentItem).values({ companyId: victim.company.id, kind: 'gallery', title: 'Theirs', slug: 'theirs', status: 'published' }).returning({ id: contentItem.id }))
  const [file] = await withSystem((tx) =>
    tx.insert(asset).values({ companyId: victim.company.id, contentItemId: gallery.id, purpose: 'gallery-media', mediaType: 'image', originalName: 'a.jpg', mimeType: 'image/jpeg', sizeBytes: 10, storageKey: `${victim.company.id}/fuzz/original.jpg` }).returning({ id: asset.id }),
  )
  const [show] = await withSystem((tx) => tx.insert(event).values({ companyId: victim.company.id, title: 'Their show', slug: 'their-show', startsAt: new Date('2026-12-01T20:00:00Z'), status: 'published' }).returning({ id: event.id }))
  const [theirLead] = await withSystem((tx) => tx.insert(lead).values({ companyId: victim.company.id, contentItemId: gallery.id, fullName: 'Fan', email: 'fan@example.test' }).returning({ id: lead.id }))
  const [theirComment] = await withSystem((tx) => tx.insert(comment).values({ companyId: victim.company.id, contentItemId: gallery.id, name: 'Fan', body: 'Great night', status: 'pending' }).returning({ id: comment.id }))
  // And the fuzzed company's own, so a real id sometimes reaches the use-case behind the schema.
  const [own] = await withSystem((tx) => tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Ours', slug: 'ours', status: 'published' }).returning({ id: contentItem.id }))
  ids = [victim.company.id, victim.company.slug, gallery.id, file.id, show.id, theirLead.id, theirComment.id, 'theirs', 'their-show', admin.company.slug, own.id, 'ours']

  roles = [
    { name: 'anonymous', language: 'pt', client: async () => new TestClient() },
    { name: 'company admin', language: 'fr', client: keepSignedIn(admin.credentials) },
    { name: 'manager', language: 'es', client: keepSignedIn(manager.credentials) },
    { name: 'platform operator', language: 'en', client: keepSignedIn(operator) },
  ]
  // Each person already works in the language their requests ask for: the app records a new one
  // on their next request (refused or not), which is not a change the request made.
  for (const [email, language] of [[admin.credentials.email, 'fr'], [manager.credentials.email, 'es'], [operator.email, 'en']] as const) {
    await getDb().update(user).set({ language }).where(eq(user.email, email))
  }
}, 120_000)

type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer; label: string }

const text = () => hostileText(ids, vocabulary.literals)

function query() {
  return fc.dictionary(fc.constantFrom(...vocabulary.queries, 'x'), text(), { maxKeys: 3 }).map((entries) =>
    Object.entries(entries)
      .map(([key, value]) => `${key}=${encodeSegment(value.slice(0, 600))}`)
      .join('&'),
  )
}

function formFields() {
  return fc.record({
    intent: fc.option(fc.constantFrom(...vocabulary.literals), { nil: undefined }),
    fields: fc.dictionary(fc.constantFrom(...vocabulary.fields), fc.oneof({ weight: 6, arbitrary: text() }, { weight: 1, arbitrary: fc.constant('x'.repeat(300_000)) }), { maxKeys: 6 }),
  }).map(({ intent, fields }) => (intent ? { intent, ...fields } : fields))
}

const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW'

function multipart(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  return `${parts.join('')}--${BOUNDARY}--\r\n`
}

/** A body for a form action: a form, JSON, a broken or real multipart, or plain garbage. */
function body() {
  return fc.oneof(
    { weight: 5, arbitrary: formFields().map((fields) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString(), kind: 'form' })) },
    { weight: 2, arbitrary: formFields().map((fields) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(fields), kind: 'multipart' })) },
    { weight: 2, arbitrary: fc.oneof(formFields(), fc.jsonValue({ maxDepth: 3 })).map((value) => ({ type: 'application/json', body: JSON.stringify(value) ?? 'null', kind: 'json' })) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        { type: 'multipart/form-data; boundary=xyz', body: 'garbage', kind: 'broken multipart' },
        { type: 'multipart/form-data', body: `--${BOUNDARY}\r\nbroken`, kind: 'multipart without boundary' },
        { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated`, kind: 'unterminated multipart' },
        { type: 'application/x-www-form-urlencoded', body: '%E0%A4%A=%ZZ&title=%00', kind: 'malformed form' },
        { type: 'application/json', body: '{"title": "unterminated', kind: 'broken JSON' },
        { type: 'text/plain', body: '\u0000\u0001binary', kind: 'text' },
      ),
    },
  )
}

function requestFor(route: FuzzRoute, method: 'GET' | 'POST') {
  const params = fc.array(segment(ids, vocabulary.literals), { minLength: paramCount(route.path), maxLength: paramCount(route.path) })
  return fc
    .record({ params, query: query(), body: body(), dataRequest: fc.boolean(), verb: fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE') })
    .map(({ params, query, body, dataRequest, verb }): FuzzRequest => {
      let path = fillPath(route.path, params)
      // What the page's scripts fetch (single fetch) or what a browser without scripts loads.
      if (dataRequest && !route.isResource && !route.id.startsWith('server:')) path = path === '/' ? '/_root.data' : `${path.replace(/\/$/, '')}.data`
      const search = [route.index ? 'index' : '', query].filter(Boolean).join('&')
      const url = search ? `${path}?${search}` : path
      if (method === 'GET') return { method: 'GET', path: url, headers: {}, label: `GET ${url}` }
      return { method: verb, path: url, headers: { 'content-type': body.type }, body: body.body, label: `${verb} ${url} (${body.kind}: ${body.body.slice(0, 160)})` }
    })
}

// Each request on a connection of its own: one the server closes after a refusal is not reused.
const CLOSE = { connection: 'close' }

async function send(client: TestClient, request: FuzzRequest, language: Language): Promise<HttpResponse> {
  const headers: Record<string, string> = { 'accept-language': language, ...CLOSE, ...request.headers }
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body))
  // An answer cut off in transit was a server bug (server/answer-after-body.ts), so a cut fails.
  try {
    return await client.request(request.path, { method: request.method, headers, raw: request.body, timeoutMs: 30_000 })
  } catch (error) {
    throw new Error(`${request.label}: no answer (${error instanceof Error ? error.message : String(error)})`)
  }
}

function seedFor(text: string) {
  return createHash('sha256').update(text).digest().readInt32LE(0)
}

/** Fuzzes one route and method as one role; what fails is returned (seed and request included), so one run lists every route that fails. */
async function fuzz(role: Role, route: FuzzRoute, method: 'GET' | 'POST'): Promise<string | null> {
  const client = await role.client()
  // After a refusal the database is as it was: its fingerprint then serves as the next one's "before".
  let known: Record<string, string> | null = null
  const details = await fc.check(
    fc.asyncProperty(requestFor(route, method), async (request) => {
      const before = known ?? (await databaseFingerprint())
      known = null
      const response = await send(client, request, role.language)
      let problem: string | null = null
      if (response.status >= 500) problem = `answered ${response.status}`
      else if (response.status < 400) await queueSettled()
      else {
        const unclear = FOR_PROGRAMS.test(request.path) ? unclearProgramRefusal(response) : unclearRefusal(response, role.language)
        const after = await databaseFingerprint()
        const changed = changedTables(before, after)
        known = after
        if (unclear) problem = `refused unclearly: ${unclear}`
        else if (changed.length > 0) problem = `refused, yet changed ${changed.join(', ')}`
      }
      // The problem first: the request and the answer follow, cut to what can be read.
      if (problem) throw new Error(`${problem} | ${role.name}: ${request.label.slice(0, 300)} → ${response.status} ${String(response.headers['content-type'])}: ${response.text.slice(0, 200)}`)
    }),
    // Each route and role draws its own requests, the same ones on every run of one FUZZ_SEED.
    // No shrinking: each step is a request and a scan of the database, and a long search for a
    // smaller failing request ran past the test's time-out and hid the failure itself.
    { numRuns: RUNS, seed: seedFor(`${SEED} ${role.name} ${method} ${route.id}`), endOnFailure: true },
  )
  if (!details.failed) return null
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  return `${method} ${route.path} (FUZZ_SEED=${SEED}, seed ${details.seed}): ${cause.slice(0, 1_000)}`
}

describe('fuzzing every route as every role', () => {
  it('reads every route of app/routes.ts, field names and fixed values from the product itself', () => {
    expect(routes.length).toBeGreaterThan(60)
    expect(routes.filter((route) => route.hasAction).map((route) => route.path)).toEqual(expect.arrayContaining(['/onboarding', '/admin/content/new', '/admin/events/:eventId', '/download/lead']))
    expect(vocabulary.fields).toEqual(expect.arrayContaining(['intent', 'title', 'email', 'name']))
    expect(vocabulary.literals).toEqual(expect.arrayContaining(['save', 'delete', 'remove-file']))
  })

  for (const [index, name] of ROLE_NAMES.entries()) {
    it(`as ${name}: no hostile request answered with a 5xx, every refusal clear and changing nothing`, async () => {
      const role = roles[index]
      const failures: string[] = []
      for (const route of [...routes, ...serverEndpoints].filter((candidate) => ONLY.test(candidate.path))) {
        failures.push(...[await fuzz(role, route, 'GET'), route.hasAction || route.isResource ? await fuzz(role, route, 'POST') : null].filter((failure) => failure !== null))
      }
      expect(failures, `seed ${SEED}: ${failures.length} routes failed\n\n${failures.join('\n\n')}`).toEqual([])
    }, 600_000)
  }
})
