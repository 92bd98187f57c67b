import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort, startAppProcess, type AppProcess } from '../support/app-process'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'

describe('several app processes on one database', () => {
  let second: AppProcess
  let secondUrl: string

  beforeAll(async () => {
    const port = await freePort()
    secondUrl = `http://127.0.0.1:${port}`
    second = await startAppProcess(
      {
        NODE_ENV: 'test',
        DATABASE_URL: inject('databaseUrl'),
        DATA_DIR: inject('dataDir'),
        PORT: String(port),
        APP_URL: inject('baseUrl'),
        SESSION_SECRET: inject('sessionSecret'),
        SEED_DEMO: 'false',
        SMTP_URL: undefined,
        LOG_LEVEL: 'warn',
      },
      { port },
    )
  })

  afterAll(async () => {
    expect(await second.stop()).toBe(0)
  })

  it('serves a session started on one process from the other, and shares rate limits', async () => {
    const admin = await createCompanyAdmin('scale')
    const onSecond = new TestClient(secondUrl, admin.client.localAddress)
    for (const [name, value] of admin.client.cookies) onSecond.setCookie(name, value)
    const dashboard = await onSecond.get('/admin')
    expect(dashboard.status).toBe(200)
    expect(dashboard.text).toContain(admin.company.name)

    // Rate limits live in the database: attempts on either process count together.
    const first = new TestClient()
    const sameVisitorOnSecond = new TestClient(secondUrl, first.localAddress)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++) {
      const client = attempt % 2 === 0 ? first : sameVisitorOnSecond
      statuses.push((await client.postJson('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'Wrong-Pass-1!' })).status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
