import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppProcess } from '../support/app-process'
import { startSecondApp } from '../support/second-app'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'

describe('several app processes on one database', () => {
  let second: AppProcess
  let secondUrl: string

  beforeAll(async () => {
    const started = await startSecondApp()
    second = started.app
    secondUrl = started.url
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
      statuses.push(
        (await client.postJson('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'Wrong-Pass-1!' }))
          .status,
      )
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
