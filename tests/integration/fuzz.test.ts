import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiKey, asset, comment, contentItem, event, lead, user } from '#db/schema'
import { API_SCOPES } from '#app/features/api/api-keys.schema'
import { API_OPERATIONS } from '#app/features/api/server/api-operations.server'
import { API_PREFIX, type ApiOperation } from '#app/features/api/server/api-operation.server'
import { getDb, withSystem } from '#app/lib/db.server'
import { LANGUAGES, type Language } from '#app/lib/i18n'
import { createKeyThroughPage, putOnPlan } from '../support/api'
import { TestClient, type HttpResponse } from '../support/http-client'
import {
  createCompanyAdmin,
  createMemberAccount,
  createVerifiedUser,
  signIn,
  STRONG_PASSWORD,
} from '../support/fixtures'
import {
  changedTables,
  FOR_PROGRAMS,
  queueSettled,
  unclearProblem,
  unclearProgramRefusal,
  databaseFingerprint,
  encodeSegment,
  fillPath,
  harvestVocabulary,
  hostileText,
  listRoutes,
  paramCount,
  segment,
  unclearRefusal,
  type FuzzRoute,
} from '../support/fuzz'

/*
 * Property-based fuzzing of every route of app/routes.ts (and the server's own endpoints), as a
 * signed-out visitor and as each role: hostile route parameters, queries, form fields, JSON where a
 * form is expected, broken multipart, other companies' ids; and of every operation of the public
 * API (/api/v1) with an Enterprise company's key that may do everything. Whatever is sent, the
 * answer is never a 5xx; a refusal (4xx) says what went wrong in the visitor's language (the API:
 * as a problem with its code); and a refusal changes nothing in the database. Bounded: a fixed seed (FUZZ_SEED) and a fixed number of runs per route
 * and role (FUZZ_RUNS); fast-check prints the seed and the shrunk request on failure. FUZZ_ONLY
 * (a pattern of route paths) replays part of a run to look into a failure.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 2)
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '')
fc.configureGlobal({ endOnFailure: true })

const OPERATOR_EMAIL = 'operator@afterglow.test'
type Role = { name: string; language: Language; client: () => Promise<TestClient> }
// The member role last, so the roles before it meet the same data under one FUZZ_SEED as before it was fuzzed.
const ROLE_NAMES = ['anonymous', 'company admin', 'manager', 'platform operator', 'user']

const routes = listRoutes()
const vocabulary = harvestVocabulary()
// Endpoints the server mounts before React Router (server/app.ts): fans' events and tus uploads.
const serverEndpoints: FuzzRoute[] = [
  {
    id: 'server:events',
    path: '/api/events',
    file: 'server/fan-events.ts',
    index: false,
    hasAction: true,
    isResource: true,
  },
  {
    id: 'server:uploads',
    path: '/api/uploads/:uploadId',
    file: 'server/upload-server.ts',
    index: false,
    hasAction: true,
    isResource: true,
  },
]

let ids: string[] = []
/** The companies whose rows a refusal must leave as they were (databaseFingerprint). */
const fuzzedCompanies: string[] = []
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
    if (!client || (await client.get('/api/auth/get-session', CLOSE)).text === 'null')
      client = await signedIn(credentials)
    return client
  }
}

beforeAll(async () => {
  const admin = await createCompanyAdmin('fuzz')
  const manager = await createMemberAccount(admin.company.id, 'manager')
  const member = await createMemberAccount(admin.company.id, 'user')
  // The console's tests may have made the operator's account already (one app, one database per run).
  const [operatorAccount] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, OPERATOR_EMAIL))
  const operator = operatorAccount
    ? { email: OPERATOR_EMAIL, password: STRONG_PASSWORD }
    : await createVerifiedUser({ email: OPERATOR_EMAIL, name: 'Olga Operator' })

  // Another company's things: every id of theirs must be refused or answered as nothing.
  const victim = await createCompanyAdmin('victim')
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId: victim.company.id, kind: 'gallery', title: 'Theirs', slug: 'theirs', status: 'published' })
      .returning({ id: contentItem.id }),
  )
  // Its file's renditions failed (it has no file): no scheduled sweep picks it up while the fuzz runs.
  const [file] = await withSystem((tx) =>
    tx
      .insert(asset)
      .values({
        companyId: victim.company.id,
        contentItemId: gallery.id,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: 'a.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 10,
        storageKey: `${victim.company.id}/fuzz/original.jpg`,
        processingStatus: 'failed',
      })
      .returning({ id: asset.id }),
  )
  const [show] = await withSystem((tx) =>
    tx
      .insert(event)
      .values({
        companyId: victim.company.id,
        title: 'Their show',
        slug: 'their-show',
        startsAt: new Date('2026-12-01T20:00:00Z'),
        status: 'published',
      })
      .returning({ id: event.id }),
  )
  const [theirLead] = await withSystem((tx) =>
    tx
      .insert(lead)
      .values({ companyId: victim.company.id, contentItemId: gallery.id, fullName: 'Fan', email: 'fan@example.test' })
      .returning({ id: lead.id }),
  )
  const [theirComment] = await withSystem((tx) =>
    tx
      .insert(comment)
      .values({
        companyId: victim.company.id,
        contentItemId: gallery.id,
        name: 'Fan',
        body: 'Great night',
        status: 'pending',
      })
      .returning({ id: comment.id }),
  )
  // And the fuzzed company's own, so a real id sometimes reaches the use-case behind the schema.
  const [own] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId: admin.company.id, kind: 'gallery', title: 'Ours', slug: 'ours', status: 'published' })
      .returning({ id: contentItem.id }),
  )
  fuzzedCompanies.push(admin.company.id, victim.company.id)
  ids = [
    victim.company.id,
    victim.company.slug,
    gallery.id,
    file.id,
    show.id,
    theirLead.id,
    theirComment.id,
    'theirs',
    'their-show',
    admin.company.slug,
    own.id,
    'ours',
  ]

  roles = [
    { name: 'anonymous', language: 'pt', client: async () => new TestClient() },
    { name: 'company admin', language: 'fr', client: keepSignedIn(admin.credentials) },
    { name: 'manager', language: 'es', client: keepSignedIn(manager.credentials) },
    { name: 'platform operator', language: 'en', client: keepSignedIn(operator) },
    // The only signed-in role in Portuguese (the visitors' first language after English).
    { name: 'user', language: 'pt', client: keepSignedIn(member.credentials) },
  ]
  // Each person already works in the language their requests ask for: the app records a new one
  // on their next request (refused or not), which is not a change the request made.
  for (const [email, language] of [
    [admin.credentials.email, 'fr'],
    [manager.credentials.email, 'es'],
    [operator.email, 'en'],
    [member.credentials.email, 'pt'],
  ] as const) {
    await getDb().update(user).set({ language }).where(eq(user.email, email))
  }
}, 120_000)

type FuzzRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
  label: string
}

const text = () => hostileText(ids, vocabulary.literals)

function query() {
  return fc.dictionary(fc.constantFrom(...vocabulary.queries, 'x'), text(), { maxKeys: 3 }).map((entries) =>
    Object.entries(entries)
      .map(([key, value]) => `${key}=${encodeSegment(value.slice(0, 600))}`)
      .join('&'),
  )
}

function formFields() {
  return fc
    .record({
      intent: fc.option(fc.constantFrom(...vocabulary.literals), { nil: undefined }),
      fields: fc.dictionary(
        fc.constantFrom(...vocabulary.fields),
        fc.oneof({ weight: 6, arbitrary: text() }, { weight: 1, arbitrary: fc.constant('x'.repeat(300_000)) }),
        { maxKeys: 6 },
      ),
    })
    .map(({ intent, fields }) => (intent ? { intent, ...fields } : fields))
}

const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW'

function multipart(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return `${parts.join('')}--${BOUNDARY}--\r\n`
}

/** A body for a form action: a form, JSON, a broken or real multipart, or plain garbage. */
function body() {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: formFields().map((fields) => ({
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(fields).toString(),
        kind: 'form',
      })),
    },
    {
      weight: 2,
      arbitrary: formFields().map((fields) => ({
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipart(fields),
        kind: 'multipart',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(formFields(), fc.jsonValue({ maxDepth: 3 }))
        .map((value) => ({ type: 'application/json', body: JSON.stringify(value) ?? 'null', kind: 'json' })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        { type: 'multipart/form-data; boundary=xyz', body: 'garbage', kind: 'broken multipart' },
        { type: 'multipart/form-data', body: `--${BOUNDARY}\r\nbroken`, kind: 'multipart without boundary' },
        {
          type: `multipart/form-data; boundary=${BOUNDARY}`,
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated`,
          kind: 'unterminated multipart',
        },
        { type: 'application/x-www-form-urlencoded', body: '%E0%A4%A=%ZZ&title=%00', kind: 'malformed form' },
        { type: 'application/json', body: '{"title": "unterminated', kind: 'broken JSON' },
        { type: 'text/plain', body: '\u0000\u0001binary', kind: 'text' },
      ),
    },
  )
}

function requestFor(route: FuzzRoute, method: 'GET' | 'POST') {
  const params = fc.array(segment(ids, vocabulary.literals), {
    minLength: paramCount(route.path),
    maxLength: paramCount(route.path),
  })
  return fc
    .record({
      params,
      query: query(),
      body: body(),
      dataRequest: fc.boolean(),
      verb: fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE'),
    })
    .map(({ params, query, body, dataRequest, verb }): FuzzRequest => {
      let path = fillPath(route.path, params)
      // What the page's scripts fetch (single fetch) or what a browser without scripts loads.
      if (dataRequest && !route.isResource && !route.id.startsWith('server:'))
        path = path === '/' ? '/_root.data' : `${path.replace(/\/$/, '')}.data`
      const search = [route.index ? 'index' : '', query].filter(Boolean).join('&')
      const url = search ? `${path}?${search}` : path
      if (method === 'GET') return { method: 'GET', path: url, headers: {}, label: `GET ${url}` }
      return {
        method: verb,
        path: url,
        headers: { 'content-type': body.type },
        body: body.body,
        label: `${verb} ${url} (${body.kind}: ${body.body.slice(0, 160)})`,
      }
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
    throw new Error(`${request.label}: no answer (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    })
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
      const before = known ?? (await databaseFingerprint(fuzzedCompanies))
      known = null
      const response = await send(client, request, role.language)
      let problem: string | null = null
      if (response.status >= 500) problem = `answered ${response.status}`
      else if (response.status < 400) await queueSettled()
      else {
        const unclear = FOR_PROGRAMS.test(request.path)
          ? unclearProgramRefusal(response)
          : unclearRefusal(response, role.language)
        const after = await databaseFingerprint(fuzzedCompanies)
        const changed = changedTables(before, after)
        known = after
        if (unclear) problem = `refused unclearly: ${unclear}`
        else if (changed.length > 0) problem = `refused, yet changed ${changed.join(', ')}`
      }
      // The problem first: the request and the answer follow, cut to what can be read.
      if (problem)
        throw new Error(
          `${problem} | ${role.name}: ${request.label.slice(0, 300)} → ${response.status} ${String(response.headers['content-type'])}: ${response.text.slice(0, 200)}`,
        )
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
    expect(routes.filter((route) => route.hasAction).map((route) => route.path)).toEqual(
      expect.arrayContaining(['/onboarding', '/admin/content/new', '/admin/events/:eventId', '/download/lead']),
    )
    expect(vocabulary.fields).toEqual(expect.arrayContaining(['intent', 'title', 'email', 'name']))
    expect(vocabulary.literals).toEqual(expect.arrayContaining(['save', 'delete', 'remove-file']))
  })

  for (const [index, name] of ROLE_NAMES.entries()) {
    it(`as ${name}: no hostile request answered with a 5xx, every refusal clear and changing nothing`, async () => {
      const role = roles[index]
      const failures: string[] = []
      for (const route of [...routes, ...serverEndpoints].filter((candidate) => ONLY.test(candidate.path))) {
        failures.push(
          ...[
            await fuzz(role, route, 'GET'),
            route.hasAction || route.isResource ? await fuzz(role, route, 'POST') : null,
          ].filter((failure) => failure !== null),
        )
      }
      expect(failures, `seed ${SEED}: ${failures.length} routes failed\n\n${failures.join('\n\n')}`).toEqual([])
    }, 600_000)
  }
})

// -- The public API, with a key ---------------------------------------------------------------

/*
 * Every operation the API's router serves (API_OPERATIONS, what the OpenAPI document lists), with
 * the key of an Enterprise company that may do everything, so hostile input gets past the key to
 * the schemas and use-cases behind it. Path ids are that company's own (fresh for each operation,
 * which may delete them), another company's, or hostile; queries and bodies carry the operation's
 * own fields (from its zod schemas) with hostile values of the right type or the wrong one; or the
 * body is any JSON, a broken one or none; with Idempotency-Key and If-Match now and then.
 */

// An API request costs a fraction of a page's: each operation gets a few times a route's runs.
const API_RUNS = RUNS * 4
const LANGUAGE_CODES = LANGUAGES.map((language) => language.code)

type JsonSchema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
}
/** The key's company's things one operation acts on. */
type Own = { content: string; files: string[]; events: string; leads: string; all: string[] }

let apiKeyOfFuzz = ''
let apiCompanyId = ''

/** An operation's query or body as JSON Schema, what the caller sends (an empty registry: no shape is moved out to $defs). */
function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema {
  return schema
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', metadata: z.registry() }) as JsonSchema)
    : {}
}

// Characters an HTTP header can carry (Node refuses to send the others).
const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/

/** A value the schema would take (of its type, enum or format), hostile where it is text. */
function valueFor(schema: JsonSchema, own: Own, hostile: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map((branch) => valueFor(branch, own, hostile)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if ('const' in schema) return fc.constant(schema.const)
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string']
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      if (type === 'null') return fc.constant(null)
      if (type === 'boolean') return fc.boolean()
      if (type === 'integer' || type === 'number')
        return fc.oneof(
          fc.integer(),
          fc.constantFrom(0, -1, 1.5, 9_999_999, 10_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308),
        )
      // An item's files in any order (a reorder that goes through), some of its company's ids, or anything.
      if (type === 'array')
        return fc.oneof(
          fc.shuffledSubarray(own.files, { minLength: own.files.length }),
          fc.shuffledSubarray(own.all),
          fc.array(schema.items ? valueFor(schema.items, own, hostile) : fc.jsonValue(), { maxLength: 4 }),
        )
      if (type === 'object') return fc.jsonValue({ maxDepth: 2 })
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...own.all), fc.constantFrom(...ids), fc.uuid())
      if (schema.format === 'date')
        return fc.oneof(
          fc
            .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
            .map((date) => date.toISOString().slice(0, 10)),
          hostile,
        )
      // Text as hostile as any, or a word and then that (so a field that must not be empty takes it), or a date and time.
      return fc.oneof(
        { weight: 2, arbitrary: hostile },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom('Lisbon', 'Night two'), hostile)
            .map(([word, value]) => `${word} ${value}`.slice(0, 60)),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '2026-07-18',
            '2026-02-30',
            '2026-07-18T21:00',
            '2026-07-18T25:61',
            '0000-01-01',
            '9999-12-31T23:59',
          ),
        },
      )
    }),
  )
}

/** A value of the field's own kind, any text, or any JSON. */
function fieldValue(schema: JsonSchema, own: Own, hostile: fc.Arbitrary<string>) {
  return fc.oneof(
    { weight: 3, arbitrary: valueFor(schema, own, hostile) },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  )
}

/** Fresh things of the key's company for one operation to act on: a gallery with two files, an event, a lead. */
async function apiFixtures(label: string): Promise<Own> {
  const companyId = apiCompanyId
  return withSystem(async (tx) => {
    const [gallery] = await tx
      .insert(contentItem)
      .values({ companyId, kind: 'gallery', title: `API ${label}`, status: 'draft' })
      .returning({ id: contentItem.id })
    const files = await tx
      .insert(asset)
      .values(
        [0, 1].map((position) => ({
          companyId,
          contentItemId: gallery.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: `${position}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: 10,
          storageKey: `${companyId}/fuzz/${gallery.id}/${position}.jpg`,
          position,
          processingStatus: 'ready',
        })),
      )
      .returning({ id: asset.id })
    const [show] = await tx
      .insert(event)
      .values({
        companyId,
        title: `API ${label}`,
        slug: `api-${label.toLowerCase()}`,
        startsAt: new Date('2026-12-01T20:00:00Z'),
      })
      .returning({ id: event.id })
    const [fan] = await tx
      .insert(lead)
      .values({ companyId, contentItemId: gallery.id, fullName: 'Fan', email: `${label.toLowerCase()}@example.test` })
      .returning({ id: lead.id })
    return {
      content: gallery.id,
      files: files.map((file) => file.id),
      events: show.id,
      leads: fan.id,
      all: [gallery.id, ...files.map((file) => file.id), show.id, fan.id],
    }
  })
}

/**
 * What a schema takes, with each field it requires (`wellFormed`: text fields hostile, so these get
 * past the schema to the use-case), or its fields with values of any kind, any of them left out.
 */
function fieldsOf(
  schema: JsonSchema,
  own: Own,
  hostile: fc.Arbitrary<string>,
  more: Record<string, fc.Arbitrary<unknown>> = {},
) {
  const fields = Object.entries(schema.properties ?? {})
  const wellFormed = fc.record(
    Object.fromEntries(fields.map(([name, field]) => [name, valueFor(field, own, hostile)])),
    { requiredKeys: schema.required ?? [] },
  )
  const anyKind = fc.record(
    { ...Object.fromEntries(fields.map(([name, field]) => [name, fieldValue(field, own, hostile)])), ...more },
    { requiredKeys: [] },
  )
  return { wellFormed, anyKind }
}

/** The key's company's own thing a path parameter names: `{contentId}`, or `{id}` under the path's first segment (content, events, leads). */
function ownIdFor(operation: ApiOperation, name: string, own: Own) {
  const area = operation.path.split('/')[1]
  return name === 'contentId' || area === 'content'
    ? own.content
    : area === 'events'
      ? own.events
      : area === 'leads'
        ? own.leads
        : own.content
}

function apiRequestFor(operation: ApiOperation, own: Own) {
  const hostile = hostileText([...own.all, ...ids], vocabulary.literals)
  const params = operation.paramNames.map((name) =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constant(ownIdFor(operation, name, own)) },
      { weight: 1, arbitrary: fc.constantFrom(...own.all) },
      { weight: 2, arbitrary: fc.constantFrom(...ids).map(encodeSegment) },
      { weight: 2, arbitrary: segment([...own.all, ...ids], vocabulary.literals) },
      { weight: 1, arbitrary: fc.uuid() },
    ),
  )
  const queries = fieldsOf(jsonSchemaOf(operation.query), own, hostile, { x: hostile })
  const query = fc.oneof(queries.wellFormed, queries.anyKind)
  const bodies = fieldsOf(jsonSchemaOf(operation.body), own, hostile)
  // And fields the API does not take: another company, an id, a status, a prototype.
  const extra = fc.dictionary(
    fc.constantFrom('companyId', 'id', 'status', 'kind', 'slug', '__proto__', 'constructor'),
    fc.oneof(hostile, fc.constantFrom(...ids)),
    { maxKeys: 2 },
  )
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(extra, bodies.wellFormed).map(([more, fields]) => JSON.stringify({ ...more, ...fields })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(extra, bodies.anyKind).map(([more, fields]) => JSON.stringify({ ...more, ...fields })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: bodies.wellFormed.map((fields) => JSON.stringify({ ...fields, title: 'x'.repeat(300_000) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '{"title": "unterminated',
        '\u0000',
        'null',
        '[]',
        '"text"',
        '{"__proto__": {"admin": true}}',
        'kind=gallery&title=x',
      ),
    },
  )
  const headerText = hostile.filter((value) => HEADER_SAFE.test(value)).map((value) => value.slice(0, 300))
  return fc
    .record({
      params: fc.tuple(...params),
      query,
      body,
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(operation.method.toUpperCase()) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
      ),
      type: fc.oneof(
        { weight: 5, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'multipart/form-data',
          ),
        },
      ),
      idempotencyKey: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: headerText },
      ),
      ifMatch: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('*', '"stale"', 'W/"x"', '"a", *') },
        { weight: 1, arbitrary: headerText },
      ),
      language: fc.constantFrom(...LANGUAGE_CODES),
    })
    .map(({ params, query, body, method, type, idempotencyKey, ifMatch, language }) => {
      let index = 0
      const search = Object.entries(query)
        .map(
          ([name, value]) =>
            `${name}=${encodeSegment((typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 600))}`,
        )
        .join('&')
      const path = `${API_PREFIX}${operation.path.replace(/\{\w+\}/g, () => params[index++] || 'x')}${search ? `?${search}` : ''}`
      // A script, not a page: no Origin header (as tests/support/api.ts sends it).
      const headers: Record<string, string> = {
        authorization: `Bearer ${apiKeyOfFuzz}`,
        origin: '',
        'content-type': type,
      }
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey
      if (ifMatch !== undefined) headers['if-match'] = ifMatch
      const sent = [
        idempotencyKey !== undefined ? `Idempotency-Key: ${idempotencyKey.slice(0, 40)}` : '',
        ifMatch !== undefined ? `If-Match: ${ifMatch.slice(0, 40)}` : '',
      ]
        .filter(Boolean)
        .join(', ')
      const request: FuzzRequest = {
        method,
        path,
        headers,
        body,
        label: `${method} ${path} [${language}${sent ? `, ${sent}` : ''}] (${type}: ${body.slice(0, 160)})`,
      }
      return { request, language }
    })
}

/** Fuzzes one operation of the API with the key; what fails is returned, seed and request included. */
async function fuzzApi(operation: ApiOperation): Promise<string | null> {
  const own = await apiFixtures(operation.operationId)
  const client = new TestClient()
  let known: Record<string, string> | null = null
  const details = await fc.check(
    fc.asyncProperty(apiRequestFor(operation, own), async ({ request, language }) => {
      const before = known ?? (await databaseFingerprint(fuzzedCompanies))
      known = null
      const response = await send(client, request, language)
      let problem: string | null = null
      if (response.status >= 500) problem = `answered ${response.status}`
      else if (response.status < 400) await queueSettled()
      else {
        const unclear = unclearProblem(response, language)
        const after = await databaseFingerprint(fuzzedCompanies)
        // A POST's answer under an Idempotency-Key is kept, a refusal too, to be answered again to a retry.
        const changed = changedTables(before, after).filter(
          (name) => !(name === 'api_idempotency' && request.method === 'POST' && 'idempotency-key' in request.headers),
        )
        known = after
        if (unclear) problem = `refused unclearly: ${unclear}`
        else if (changed.length > 0) problem = `refused, yet changed ${changed.join(', ')}`
      }
      if (problem)
        throw new Error(
          `${problem} | ${request.label.slice(0, 400)} → ${response.status} ${String(response.headers['content-type'])}: ${response.text.slice(0, 300)}`,
        )
    }),
    { numRuns: API_RUNS, seed: seedFor(`${SEED} api ${operation.operationId}`), endOnFailure: true },
  )
  if (!details.failed) return null
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  return `${operation.operationId} ${operation.method.toUpperCase()} ${operation.path} (FUZZ_SEED=${SEED}, seed ${details.seed}): ${cause.slice(0, 1_200)}`
}

describe('fuzzing the public API with a key', () => {
  const operations = API_OPERATIONS.filter((operation) => ONLY.test(`${API_PREFIX}${operation.path}`))

  beforeAll(async () => {
    const owner = await createCompanyAdmin('fuzz-api')
    apiCompanyId = owner.company.id
    fuzzedCompanies.push(apiCompanyId)
    await putOnPlan(apiCompanyId, 'enterprise')
    apiKeyOfFuzz = await createKeyThroughPage(owner.client, 'Fuzz', {
      content: 'write',
      events: 'write',
      leads: 'write',
      analytics: 'write',
    })
    // Past the default allowance per minute every request would be a 429 that reaches nothing.
    await withSystem((tx) =>
      tx.update(apiKey).set({ rateLimitPerMinute: 1_000_000 }).where(eq(apiKey.companyId, apiCompanyId)),
    )
  }, 120_000)

  it('reads the operations from the router’s own list, with a key of every scope', async () => {
    expect(API_OPERATIONS.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining([
        'createContent',
        'updateContent',
        'reorderMedia',
        'updateEvent',
        'attachContentToEvent',
        'deleteLead',
        'exportLeads',
        'getAnalyticsSummary',
      ]),
    )
    const createEvent = jsonSchemaOf(API_OPERATIONS.find((operation) => operation.operationId === 'createEvent')?.body)
    expect(Object.keys(createEvent.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'slug', 'startsAt', 'spots']),
    )
    expect(createEvent.required).toEqual(['title', 'slug'])
    const [key] = await withSystem((tx) =>
      tx.select({ scopes: apiKey.scopes }).from(apiKey).where(eq(apiKey.companyId, apiCompanyId)),
    )
    expect([...key.scopes].sort()).toEqual([...API_SCOPES].sort())
  })

  it('as an Enterprise key of every scope: no hostile request answered with a 5xx, every refusal a problem with its code, changing nothing', async () => {
    const failures: string[] = []
    for (const operation of operations) {
      const failure = await fuzzApi(operation)
      if (failure) failures.push(failure)
    }
    expect(failures, `seed ${SEED}: ${failures.length} operations failed\n\n${failures.join('\n\n')}`).toEqual([])
  }, 600_000)
})
