import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { describe, expect, inject, it } from 'vitest'
import { migrationsPending } from '#app/lib/db.server'
import { verifyMailTransport } from '#app/lib/mail.server'
import { freePort } from '../support/app-process'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'
import { startTcpProxy } from '../support/tcp-proxy'

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
    const database = new URL(inject('databaseUrl'))
    const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) })
    database.hostname = '127.0.0.1'
    database.port = String(proxy.port)
    const second = await startSecondApp({ METRICS_TOKEN: token, DATABASE_URL: database.toString() })
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

      // The database away: not ready (503), still alive, and why only for the operator's monitoring.
      proxy.pause()
      const away = await client.get('/api/health/ready')
      expect(away.status).toBe(503)
      expect(away.json().checks.database).toEqual({ status: 'error', latencyMs: expect.any(Number) })
      expect(away.json().checks.storage.status).toBe('ok')
      const told = await client.get('/api/health/ready', { authorization: `Bearer ${token}` })
      expect(told.json().checks.database.message).toMatch(/ECONN|connect|terminat/i)
      expect((await client.get('/api/health/live')).status).toBe(200)
      proxy.resume()
    } finally {
      await second.app.stop('SIGTERM')
      await proxy.close()
    }
  })
})
