import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { checkReadiness } from '#app/features/health/server/check-health.server'
import { connectDatabase, disconnectDatabase, migrationsPending } from '#app/lib/db.server'
import { verifyMailTransport } from '#app/lib/mail.server'
import { loader } from '#app/routes/api/health'
import { freePort } from '../support/app-process'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'

const asked = (headers: Record<string, string> = {}) =>
  loader({ request: new Request('http://localhost/api/health', { headers }), params: {}, context: {} } as never)

describe('health when a dependency is down', () => {
  afterAll(async () => {
    await disconnectDatabase()
    connectDatabase(inject('databaseUrl'))
  })

  it('answers 503 and names the failing check, saying why only to the operator', async () => {
    await disconnectDatabase()
    connectDatabase('postgresql://nobody:nothing@127.0.0.1:1/none', { max: 1 })
    const response = await asked()
    expect(response.status).toBe(503)
    const body = await response.json()
    expect(body.status).toBe('error')
    expect(body.checks.database).toEqual({ status: 'error', latencyMs: expect.any(Number) })
    expect(body.checks.storage.status).toBe('ok')
    // The operator's monitoring is told why (the internals are theirs).
    const detailed = await checkReadiness({ detailed: true })
    expect(detailed.checks.database!.message).toMatch(/ECONNREFUSED|connect/)
  })
})

describe('health checks', () => {
  it('counts the migrations the database has not applied against the committed ones', async () => {
    expect(await migrationsPending()).toBe(0)
    // A journal one migration ahead of the database: the code of a deploy whose migration did not run.
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-journal-'))
    await fs.mkdir(path.join(folder, 'meta'))
    const journal = JSON.parse(await fs.readFile('db/migrations/meta/_journal.json', 'utf8'))
    journal.entries.push({ ...journal.entries.at(-1), idx: journal.entries.length, when: Date.now() + 60_000 })
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
    expect(await migrationsPending(folder)).toBe(1)
    await fs.rm(folder, { recursive: true })
  })

  it('verifies the SMTP server, at most once a minute', async () => {
    let greeted = 0
    const port = await freePort()
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect: (_session, callback) => {
        greeted++
        callback()
      },
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` }
    const start = Date.now()
    expect(await verifyMailTransport(env, start)).toBe('smtp')
    expect(await verifyMailTransport(env, start + 30_000)).toBe('smtp')
    expect(greeted).toBe(1)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    // A minute on, it is asked again: and it is gone.
    await expect(verifyMailTransport(env, start + 61_000)).rejects.toThrow()
    expect(await verifyMailTransport({ SMTP_URL: undefined })).toBe('dev outbox')
  })
})

describe('liveness and readiness over HTTP', () => {
  it('answers live without asking anything, ready with each check, and the reasons only with the metrics token', async () => {
    const token = 'the-operators-monitoring-token'
    const second = await startSecondApp({ METRICS_TOKEN: token })
    try {
      const client = new TestClient(second.url)
      const live = await client.get('/api/health/live')
      expect(live.status).toBe(200)
      expect(live.json()).toEqual({ status: 'ok', checks: {} })
      expect(live.headers['cache-control']).toBe('no-store')
      for (const route of ['/api/health', '/api/health/ready']) {
        const ready = await client.get(route)
        expect(ready.status, route).toBe(200)
        expect(Object.keys(ready.json().checks).sort()).toEqual(['database', 'mail', 'migrations', 'storage'])
        expect(ready.json().status).toBe('ok')
      }
      const detailed = await client.get('/api/health/ready', { authorization: `Bearer ${token}` })
      expect(detailed.json().checks.mail).toMatchObject({ status: 'ok', message: 'dev outbox' })
      expect((await client.get('/api/health/ready', { authorization: 'Bearer wrong' })).status).toBe(200)
    } finally {
      await second.app.stop('SIGTERM')
    }
  })
})
