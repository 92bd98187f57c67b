import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { connectDatabase, disconnectDatabase } from '#app/lib/db.server'
import { loader } from '#app/routes/api/health'

describe('health when a dependency is down', () => {
  afterAll(async () => {
    await disconnectDatabase()
    connectDatabase(inject('databaseUrl'))
  })

  it('answers 503 and names the failing check', async () => {
    await disconnectDatabase()
    connectDatabase('postgresql://nobody:nothing@127.0.0.1:1/none', { max: 1 })
    const response = await loader()
    expect(response.status).toBe(503)
    const body = await response.json()
    expect(body.status).toBe('error')
    expect(body.checks.database.status).toBe('error')
    expect(body.checks.database.message).toMatch(/ECONNREFUSED|connect/)
    expect(body.checks.storage.status).toBe('ok')
  })
})
