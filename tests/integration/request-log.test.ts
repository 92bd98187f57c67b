import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { user } from '#db/schema'
import { defineJob } from '#app/jobs/job'
import { enqueue, startJobs } from '#app/jobs/queue.server'
import { getDb } from '#app/lib/db.server'
import { logContextFields } from '#app/lib/log-context.server'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { rawRequest } from '../support/raw-request'
import { startSecondApp } from '../support/second-app'
import { waitUntil } from '../support/wait'

/*
 * What an operator's log collector reads on the web process's stdout: one JSON object a line,
 * one line per request with its id, route pattern, status, time and bytes, errors as one line
 * with the request's id and a stack, and never an e-mail address or a cookie.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const E_MAIL = /[\w.+-]+@[\w-]+\.[a-z]{2,}/i

type Line = Record<string, unknown> & { msg?: string; requestId?: string }
type App = Awaited<ReturnType<typeof startSecondApp>>

/** The JSON lines an app wrote on its output (the start-up guide's plain lines aside). */
function linesOf(app: App): Line[] {
  return app.app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line)
}

/** The access line of the request `requestId`, once written (lines are written as the answer ends). */
function requestLine(app: App, requestId: string) {
  return waitUntil(() => linesOf(app).find((line) => line.msg === 'request' && line.requestId === requestId), {
    timeoutMs: 10_000,
    message: () => `no line for request ${requestId}:\n${app.app.output().slice(-3000)}`,
  })
}

describe('the request log', () => {
  let behindProxy: App
  let direct: App

  beforeAll(async () => {
    ;[behindProxy, direct] = await Promise.all([
      startSecondApp({ LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' }),
      startSecondApp({ LOG_LEVEL: 'info' }),
    ])
  }, 180_000)

  afterAll(async () => {
    await Promise.all([behindProxy?.app.stop(), direct?.app.stop()])
  })

  it('writes one JSON line per request: its id, the route pattern, status, time and bytes; answers kept before Express too', async () => {
    const first = await fetch(`${behindProxy.url}/`)
    const kept = await fetch(`${behindProxy.url}/?utm_source=newsletter`)
    expect(kept.headers.get('x-afterglow-cache')).toBe('hit')
    const missing = await fetch(`${behindProxy.url}/nowhere/at/all?token=s3cr3t-t0ken`)
    const refused = await fetch(`${behindProxy.url}/privacy`, { method: 'PROPFIND' })
    expect([first.status, kept.status, missing.status, refused.status]).toEqual([200, 200, 404, 405])

    const lines = await Promise.all(
      [first, kept, missing, refused].map((response) => {
        const id = response.headers.get('x-request-id')
        expect(id).toMatch(UUID)
        return requestLine(behindProxy, id!)
      }),
    )
    expect(lines.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/', status: 200 },
      { method: 'GET', route: 'kept page', status: 200 },
      { method: 'GET', route: '/*', status: 404 },
      { method: 'PROPFIND', route: 'unknown method', status: 405 },
    ])
    for (const line of lines) {
      expect(line.level).toBe(30)
      expect(line.ms).toBeTypeOf('number')
      expect(line.ms as number).toBeGreaterThanOrEqual(0)
      // What was written for it on the connection, headers and (compressed) body.
      expect(line.bytes as number).toBeGreaterThan(100)
    }
    expect(lines[0].bytes as number).toBeGreaterThan(1000)
    // The address's own parts (a query's token) never reach the line.
    expect(JSON.stringify(lines)).not.toContain('s3cr3t')
    expect(JSON.stringify(lines)).not.toContain('nowhere')
  })

  it("takes the proxy's X-Request-Id when TRUST_PROXY is set, and makes one otherwise or for an id it cannot hold", async () => {
    const id = `proxy-${randomUUID()}`
    const trusted = await fetch(`${behindProxy.url}/api/health/live`, { headers: { 'X-Request-Id': id } })
    expect(trusted.headers.get('x-request-id')).toBe(id)

    const untrusted = await fetch(`${direct.url}/privacy`, { headers: { 'X-Request-Id': id } })
    const made = untrusted.headers.get('x-request-id')
    expect(made).toMatch(UUID)
    expect((await requestLine(direct, made!)).route).toBe('/privacy')
    expect(linesOf(direct).some((line) => JSON.stringify(line).includes(id))).toBe(false)

    const unfit = await fetch(`${behindProxy.url}/privacy`, { headers: { 'X-Request-Id': 'two words "quoted"' } })
    const replaced = unfit.headers.get('x-request-id')
    expect(replaced).toMatch(UUID)
    expect((await requestLine(behindProxy, replaced!)).status).toBe(200)
  })

  it('names whom a request was for by ids, never by e-mail address or cookie', async () => {
    const admin = await createCompanyAdmin('logs')
    const [person] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, admin.credentials.email))
    const client = new TestClient(behindProxy.url)
    for (const [name, value] of admin.client.cookies) client.setCookie(name, value)

    const dashboard = await client.request('/admin/content')
    expect(dashboard.status).toBe(200)
    const line = await requestLine(behindProxy, String(dashboard.headers['x-request-id']))
    expect(line).toMatchObject({ route: '/admin/content', status: 200, companyId: admin.company.id, userId: person.id })

    const landing = await client.request(`/${admin.company.slug}`)
    const fans = await requestLine(behindProxy, String(landing.headers['x-request-id']))
    expect(fans).toMatchObject({ route: '/:clientSlug', companyId: admin.company.id })

    const output = behindProxy.app.output()
    expect(output).not.toContain(admin.credentials.email)
    // The session's token (the short cookies, a language or a consent, say nothing of anyone).
    const secrets = [...admin.client.cookies.values()].filter((value) => value.length >= 16)
    expect(secrets.length).toBeGreaterThan(0)
    for (const value of secrets) expect(output).not.toContain(value)
    for (const written of linesOf(behindProxy)) expect(JSON.stringify(written)).not.toMatch(E_MAIL)
  })

  it('writes a failure as one line with the request id and a bounded stack, beside its request line', async () => {
    // React Router's Express adapter cannot make a URL of this Host: the request fails before its page.
    const failed = await rawRequest(`${behindProxy.url}/auth`, { host: 'not a host' })
    expect(failed.status).toBe(500)
    const id = String(failed.headers['x-request-id'])
    const line = await requestLine(behindProxy, id)
    expect(line).toMatchObject({ route: '/auth', status: 500, level: 40 })
    const error = linesOf(behindProxy).find((written) => written.requestId === id && written.level === 50)
    expect(error, behindProxy.app.output().slice(-3000)).toBeDefined()
    const err = error!.err as { type: string; message: string; stack: string }
    expect(err.type).toBe('TypeError')
    expect(err.stack).toContain('TypeError: Invalid URL')
    expect(JSON.stringify(error).length).toBeLessThan(8_000)
    // Nothing but JSON lines after the start-up guide: no bare stacks, no terminal colours.
    const output = behindProxy.app.output()
    const afterGuide = output.slice(output.indexOf('\n{', output.indexOf('Afterglow is running')) + 1)
    for (const written of afterGuide.split('\n').filter(Boolean)) {
      expect(() => JSON.parse(written), written).not.toThrow()
      expect(written).not.toContain('\u001b')
    }
  })
})

describe("a job's log lines", () => {
  const seen: Record<string, unknown>[] = []
  const loggingJob = defineJob({
    id: `test.log-context-${randomUUID().slice(0, 8)}`,
    schema: z.object({ n: z.number() }),
    retry: { limit: 0, delaySeconds: 1, backoff: false },
    async handler() {
      await new Promise((resolve) => setImmediate(resolve))
      seen.push(logContextFields())
    },
  })
  let stop: () => Promise<void>

  beforeAll(async () => {
    stop = (await startJobs(process.env.DATABASE_URL!, [loggingJob], { work: true })).stop
  })
  afterAll(() => stop?.())

  it('name the job and its id on every line its handler writes', async () => {
    const id = await enqueue(loggingJob, { n: 1 })
    await waitUntil(() => seen.length > 0, { message: 'the job did not run' })
    expect(seen[0]).toEqual({ job: loggingJob.id, jobId: id, try: 1 })
    // Outside any job or request, nothing is added.
    expect(logContextFields()).toEqual({})
  })
})
