import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AS_DEPLOYED, type AppProcess, freePort, startAppProcess } from '../support/app-process'
import { STRONG_PASSWORD, uniqueEmail } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from '../support/otlp-receiver'
import { startSecondApp } from '../support/second-app'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { waitUntil } from '../support/wait'

/** Preloads the probe that lists every module a process loads into `file` (tests/support/loaded-modules.js). */
const listingModulesInto = (file: string) => ({
  NODE_OPTIONS: `--import=${pathToFileURL(path.resolve('tests/support/loaded-modules.js')).href}`,
  LOADED_MODULES_FILE: file,
})
const OPENTELEMETRY_MODULE = /[/\\]node_modules[/\\](@opentelemetry|import-in-the-middle|require-in-the-middle)[/\\]/
// Loaded whatever this app does, and inert without the SDK: Better Auth names its spans'
// attributes with OpenTelemetry's list of names (strings), and prom-client's process metrics
// import the API, which without a registered provider hands out no-op tracers. No SDK, exporter,
// instrumentation or loader hook may load.
const INERT_WITHOUT_SDK = /[/\\]node_modules[/\\]@opentelemetry[/\\](semantic-conventions|api)[/\\]/

/*
 * An app with an OTLP endpoint sends its traces, its worker's with them: a fan's page, an admin's
 * request that queues a job, and that job's run in the worker, in the request's trace. The app
 * runs on a database of its own, so that its worker is the only one to take the job. Spans are
 * held (a batch delay of ten minutes) until the processes stop: what arrives was sent at shutdown.
 */
describe('traces, with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>
  let database: TestDatabase
  let dataDir: string
  let app: AppProcess
  let exitCode: number | null
  let baseUrl = ''
  const modulesFile = path.join(os.tmpdir(), `afterglow-traced-modules-${randomBytes(4).toString('hex')}`)
  const slug = `traced-${randomBytes(3).toString('hex')}`
  const label = `${slug}-live`

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    database = await createTestDatabase()
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-traces-'))
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    app = await startAppProcess(
      {
        ...AS_DEPLOYED,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: baseUrl,
        SESSION_SECRET: 'traces-follow-a-request-into-its-job-0123456789',
        SEED_DEMO: 'false',
        SMTP_URL: undefined,
        PROCESS_ROLE: 'all',
        LOG_LEVEL: 'warn',
        SUBDOMAIN_AUTO_APPROVE: 'true',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer collector-token',
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        OTEL_SERVICE_NAME: undefined,
        OTEL_RESOURCE_ATTRIBUTES: undefined,
        ...listingModulesInto(modulesFile),
      },
      { port, timeoutMs: 120_000 },
    )

    // An admin signs up, confirms (here, in the database), makes a company and asks for a subdomain:
    // approved at once, its DNS check is a job.
    const admin = new TestClient(baseUrl)
    const email = uniqueEmail('traced')
    expect(
      (await admin.postJson('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Traced' })).status,
    ).toBe(200)
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    try {
      await db.query('update users set email_verified = true where email = $1', [email])
      expect((await admin.postJson('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(200)
      expect((await admin.postForm('/onboarding', { name: `Company ${slug}`, slug })).status).toBeLessThan(400)
      expect((await new TestClient(baseUrl).get(`/${slug}`)).status).toBe(200)
      const requested = await admin.postForm('/admin/settings/subdomain.data', { intent: 'request', label })
      expect(requested.text).toContain('subdomain.toasts.active')
      await waitUntil(
        async () =>
          (
            await db.query(
              `select 1 from pgboss.job where name = 'domains.check-subdomain' and state = 'completed' and data->>'companyId' = (select id from companies where slug = $1)`,
              [slug],
            )
          ).rowCount,
        { timeoutMs: 60_000, message: 'the subdomain check did not run' },
      )
    } finally {
      await db.end()
    }
    expect(receiver.spans).toEqual([])
    exitCode = await app.stop('SIGTERM')
  }, 240_000)

  afterAll(async () => {
    await app?.stop('SIGTERM')
    await receiver?.close()
    await database?.drop()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
    await fs.rm(modulesFile, { force: true })
  })

  const spansOf = (service: string) => receiver.spans.filter((span) => span.service === service)
  const describeSpans = (spans: ReceivedSpan[]) => spans.map((span) => `${span.service} ${span.name}`).join('\n')

  it('sends them at shutdown, with the headers asked for, and the processes still end cleanly', () => {
    expect(exitCode).toBe(0)
    expect(receiver.exports.length).toBeGreaterThan(0)
    for (const sent of receiver.exports) {
      expect(sent.path).toBe('/v1/traces')
      expect(sent.headers.authorization).toBe('Bearer collector-token')
      expect(sent.headers['content-type']).toBe('application/json')
    }
  })

  it("names a fan's page by its route, with React Router's handling and the queries it made", () => {
    const web = spansOf('afterglow-web')
    const page = web.find((span) => span.kind === SPAN_KIND.SERVER && span.attributes['url.path'] === `/${slug}`)
    expect(page, describeSpans(receiver.spans)).toBeDefined()
    expect(page!.attributes['http.route']).toBe('/:clientSlug')
    expect(page!.name).toBe('GET /:clientSlug')
    expect(page!.attributes['http.response.status_code']).toBe(200)

    const inPage = web.filter((span) => span.traceId === page!.traceId)
    const handling = inPage.find((span) => span.name === 'react-router GET /:clientSlug')
    expect(handling?.parentSpanId).toBe(page!.spanId)
    const loader = inPage.find((span) => span.name.startsWith('loader ') && span.parentSpanId === handling!.spanId)
    expect(loader?.attributes['http.route']).toBe('/:clientSlug')
    const queries = inPage.filter((span) => span.attributes['db.system.name'] === 'postgresql')
    expect(queries.length).toBeGreaterThan(0)
    // The health probes (the test's start waited on them) are not traced.
    expect(receiver.spans.filter((span) => String(span.attributes['url.path']).startsWith('/api/health'))).toEqual([])
  })

  it('runs the job in the worker in a span of its own, in the trace of the request that queued it', () => {
    const request = spansOf('afterglow-web').find(
      (span) => span.kind === SPAN_KIND.SERVER && span.attributes['url.path'] === '/admin/settings/subdomain.data',
    )
    expect(request, describeSpans(receiver.spans)).toBeDefined()
    const action = spansOf('afterglow-web').find(
      (span) => span.traceId === request!.traceId && span.name.startsWith('action '),
    )
    expect(action).toBeDefined()

    const worker = spansOf('afterglow-worker')
    const job = worker.find((span) => span.name === 'job domains.check-subdomain')
    expect(job, describeSpans(worker)).toBeDefined()
    expect(job!.kind).toBe(SPAN_KIND.CONSUMER)
    expect(job!.attributes['messaging.destination.name']).toBe('domains.check-subdomain')
    expect(job!.attributes['messaging.message.id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(job!.attributes['afterglow.job.attempt']).toBe(1)
    expect(job!.traceId).toBe(request!.traceId)
    expect(job!.parentSpanId).toBe(action!.spanId)
    // The job's own queries are inside it; the queue's polling is nowhere.
    expect(worker.some((span) => span.parentSpanId === job!.spanId && span.attributes['db.system.name'])).toBe(true)
    expect(worker.every((span) => span.parentSpanId || span.name.startsWith('job '))).toBe(true)
  })

  it('loads OpenTelemetry in the traced processes', async () => {
    const loaded = await fs.readFile(modulesFile, 'utf8')
    expect(loaded).toMatch(/[/\\]node_modules[/\\]@opentelemetry[/\\]sdk-node[/\\]/)
  })
})

describe('traces, with no OTLP endpoint set (the default)', () => {
  it('loads not one OpenTelemetry module', async () => {
    const modulesFile = path.join(os.tmpdir(), `afterglow-untraced-modules-${randomBytes(4).toString('hex')}`)
    const { app, url } = await startSecondApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      ...listingModulesInto(modulesFile),
    })
    try {
      const visitor = new TestClient(url)
      expect((await visitor.get('/')).status).toBe(200)
      // Better Auth, which would load OpenTelemetry's API for its own spans on its first request.
      const signIn = await visitor.postJson('/api/auth/sign-in/email', {
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
      })
      expect(signIn.status).toBe(401)
      expect(await app.stop('SIGTERM')).toBe(0)
      const loaded = (await fs.readFile(modulesFile, 'utf8')).split('\n')
      // The list is of the app's modules: Express and pg among them.
      expect(loaded.some((line) => /[/\\]node_modules[/\\]express[/\\]/.test(line))).toBe(true)
      expect(loaded.some((line) => /[/\\]node_modules[/\\]pg[/\\]/.test(line))).toBe(true)
      expect(loaded.filter((line) => OPENTELEMETRY_MODULE.test(line) && !INERT_WITHOUT_SDK.test(line))).toEqual([])
    } finally {
      await app.stop('SIGTERM')
      await fs.rm(modulesFile, { force: true })
    }
  })
})
