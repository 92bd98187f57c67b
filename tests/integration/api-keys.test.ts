import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiKey, auditEvent } from '#db/schema'
import { hashApiKey } from '#app/features/api/server/api-key-secret.server'
import { withSystem } from '#app/lib/db.server'
import { apiRequest, createKeyThroughPage, putOnPlan } from '../support/api'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'

/*
 * API keys from the admin's page to the public API: shown once, kept hashed, refused once
 * revoked, narrowed by scopes, refused on a plan without the API, limited per minute, audited.
 */

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>
let admin: Admin
const script = () => new TestClient()

beforeAll(async () => {
  admin = await createCompanyAdmin('api-keys')
  await putOnPlan(admin.company.id, 'enterprise')
})

describe('key lifecycle', () => {
  it('shows a key once, keeps only its hash, and refuses it with 401 once revoked', async () => {
    const key = await createKeyThroughPage(admin.client, 'CRM sync', { content: 'write' })
    expect(key).toMatch(/^ag_live_/)
    const [row] = await withSystem((tx) =>
      tx.select().from(apiKey).where(eq(apiKey.companyId, admin.company.id)).orderBy(desc(apiKey.createdAt)).limit(1),
    )
    expect(row.keyHash).toBe(hashApiKey(key))
    expect(JSON.stringify(row)).not.toContain(key)
    expect(row.scopes.sort()).toEqual(['content:read', 'content:write'])
    // The page lists the key afterwards by its prefix, never in full.
    const page = await admin.client.get('/admin/settings/api')
    expect(page.status).toBe(200)
    expect(page.text).toContain('CRM sync')
    expect(page.text).toContain(row.prefix)
    expect(page.text).not.toContain(key)

    expect(row.lastUsedAt).toBeNull()
    const ok = await apiRequest(script(), key, '/content')
    expect(ok.status).toBe(200)
    const [used] = await withSystem((tx) =>
      tx.select({ lastUsedAt: apiKey.lastUsedAt }).from(apiKey).where(eq(apiKey.id, row.id)),
    )
    expect(used.lastUsedAt).not.toBeNull()

    const revoke = await admin.client.postForm('/admin/settings/api', { intent: 'revoke', keyId: row.id })
    expect(revoke.status).toBe(200)
    const refused = await apiRequest(script(), key, '/content')
    expect(refused.status).toBe(401)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    expect(refused.json()).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      detail: 'This API key is unknown or has been revoked',
    })
  })

  it('refuses a missing or made-up key with 401 in the caller’s language', async () => {
    const missing = await apiRequest(script(), null, '/content', { headers: { 'accept-language': 'fr' } })
    expect(missing.status).toBe(401)
    expect(missing.json().detail).toContain('Authorization')
    expect(missing.json().detail).toContain('Envoyez')
    const madeUp = await apiRequest(script(), `ag_live_${'x'.repeat(43)}`, '/content')
    expect(madeUp.status).toBe(401)
  })

  it('writes every use of a key to the audit log', async () => {
    const key = await createKeyThroughPage(admin.client, 'Audited', { content: 'read' })
    const [row] = await withSystem((tx) =>
      tx
        .select({ id: apiKey.id })
        .from(apiKey)
        .where(eq(apiKey.keyHash, hashApiKey(key))),
    )
    await apiRequest(script(), key, '/content')
    await apiRequest(script(), key, '/content', { json: { kind: 'gallery', title: 'No write scope' } })
    const uses = await withSystem((tx) =>
      tx
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.recordId, row.id), eq(auditEvent.action, 'api-key.use'))),
    )
    expect(uses.map((use) => use.details?.outcome).sort()).toEqual(['FORBIDDEN', 'allowed'])
    expect(uses.every((use) => use.category === 'api_access' && use.companyId === admin.company.id)).toBe(true)
    const created = await withSystem((tx) =>
      tx
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.recordId, row.id), eq(auditEvent.action, 'api-key.create'))),
    )
    expect(created).toHaveLength(1)
  })
})

describe('scopes', () => {
  it('refuses with 403 what the key was not given, naming the scope', async () => {
    const key = await createKeyThroughPage(admin.client, 'Read only', { content: 'read' })
    expect((await apiRequest(script(), key, '/content')).status).toBe(200)
    const write = await apiRequest(script(), key, '/content', { json: { kind: 'gallery', title: 'Refused' } })
    expect(write.status).toBe(403)
    expect(write.json()).toMatchObject({ code: 'FORBIDDEN', scope: 'content:write' })
    const leadsOnly = await createKeyThroughPage(admin.client, 'Leads only', { leads: 'read' })
    expect((await apiRequest(script(), leadsOnly, '/content')).status).toBe(403)
  })

  it('refuses a key with no area at all on the page', async () => {
    const response = await admin.client.postForm('/admin/settings/api', {
      intent: 'create',
      name: 'Nothing',
      content: 'none',
      events: 'none',
      leads: 'none',
      analytics: 'none',
    })
    expect(response.status).toBe(400)
    expect(response.text).not.toMatch(/ag_live_[A-Za-z0-9_-]{43}/)
  })
})

describe('plan', () => {
  it('answers a valid key of a company without the API plan with 402 naming Enterprise', async () => {
    const other = await createCompanyAdmin('api-plan')
    await putOnPlan(other.company.id, 'enterprise')
    const key = await createKeyThroughPage(other.client, 'Before downgrade')
    expect((await apiRequest(script(), key, '/content')).status).toBe(200)
    await putOnPlan(other.company.id, 'professional')
    const refused = await apiRequest(script(), key, '/content')
    expect(refused.status).toBe(402)
    expect(refused.json()).toMatchObject({
      status: 402,
      code: 'PAYMENT_REQUIRED',
      plan: 'enterprise',
      detail: 'The REST API is part of the enterprise plan',
    })
    // And the page refuses new keys on that plan.
    const page = await other.client.postForm('/admin/settings/api', {
      intent: 'create',
      name: 'Refused',
      content: 'read',
    })
    expect(page.status).toBe(402)
    expect(page.text).not.toMatch(/ag_live_[A-Za-z0-9_-]{43}/)
  })
})

describe('rate limits', () => {
  it('counts requests per key with RateLimit headers and answers 429 with Retry-After past the limit', async () => {
    const key = await createKeyThroughPage(admin.client, 'Limited', { content: 'read' })
    await withSystem((tx) =>
      tx
        .update(apiKey)
        .set({ rateLimitPerMinute: 3 })
        .where(eq(apiKey.keyHash, hashApiKey(key))),
    )
    const other = await createKeyThroughPage(admin.client, 'Unaffected', { content: 'read' })
    const remaining: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = await apiRequest(script(), key, '/content')
      expect(response.status).toBe(200)
      expect(response.headers['ratelimit-limit']).toBe('3')
      expect(response.headers['ratelimit-policy']).toBe('3;w=60')
      remaining.push(String(response.headers['ratelimit-remaining']))
    }
    expect(remaining).toEqual(['2', '1', '0'])
    const refused = await apiRequest(script(), key, '/content')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers).toMatchObject({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAfter),
      'ratelimit-policy': '3;w=60',
    })
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: retryAfter })
    // Another key of the same company has its own allowance.
    expect((await apiRequest(script(), other, '/content')).status).toBe(200)
  })
})
