import { beforeAll, describe, expect, it } from 'vitest'
import { apiRequest, createKeyThroughPage, putOnPlan } from '../support/api'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'

/*
 * /api/v1's conventions on galleries: another company's ids are 404, POSTs replay with an
 * Idempotency-Key, pages stay put while items are added, updates honour If-Match, and every
 * refusal is an RFC 9457 problem with the app's error code.
 */

let key: string
let otherKey: string
const script = () => new TestClient()

beforeAll(async () => {
  const admin = await createCompanyAdmin('api-v1')
  await putOnPlan(admin.company.id, 'enterprise')
  key = await createKeyThroughPage(admin.client, 'Full', { content: 'write' })
  const other = await createCompanyAdmin('api-v1-other')
  await putOnPlan(other.company.id, 'enterprise')
  otherKey = await createKeyThroughPage(other.client, 'Other company', { content: 'write' })
})

async function createGallery(title: string, apiKey = key, headers: Record<string, string> = {}) {
  return apiRequest(script(), apiKey, '/content', { json: { kind: 'gallery', title }, headers })
}

describe('problem details', () => {
  it('answers refusals as application/problem+json with type, title, status, detail, instance and code', async () => {
    const invalid = await apiRequest(script(), key, '/content', { json: { kind: 'gallery', title: '' } })
    expect(invalid.status).toBe(400)
    expect(invalid.headers['content-type']).toBe('application/problem+json')
    const problem = invalid.json()
    expect(problem).toMatchObject({
      type: '/docs/api#problem-bad_request',
      title: 'Bad request',
      status: 400,
      code: 'BAD_REQUEST',
      instance: '/api/v1/content',
    })
    expect(problem.errors).toContainEqual({ field: 'body.title', message: expect.stringMatching(/title/i) })
    const badJson = await script().request('/api/v1/content', {
      method: 'POST',
      raw: '{"kind":',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', origin: '' },
    })
    expect(badJson.status).toBe(400)
    expect(badJson.json()).toMatchObject({ code: 'BAD_REQUEST', detail: 'The body is not valid JSON' })
    const noRoute = await apiRequest(script(), key, '/nothing-here')
    expect(noRoute.status).toBe(404)
    expect(noRoute.json()).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    const method = await apiRequest(script(), key, '/content', { method: 'DELETE' })
    expect(method.status).toBe(405)
    expect(method.headers.allow).toBe('GET, POST')
    expect(method.json().code).toBe('METHOD_NOT_ALLOWED')
  })

  it('answers an address with a control character or broken percent-encoding as a problem in the caller’s language, not a page', async () => {
    // Found by the fuzz suite: these were answered with the site's not-found page, and a POST to one with 405 and a page.
    for (const [method, path, status, detail] of [
      ['GET', '/content/%ZZ', 404, 'Este endereço não existe na API'],
      ['POST', '/content/%00/publish', 404, 'Este endereço não existe na API'],
      ['DELETE', '/leads/a%0D%0AX-Injected%3A%201', 404, 'Este endereço não existe na API'],
      ['GET', '/content?q=a%00b', 400, 'Alguns valores foram recusados'],
      ['GET', '/leads?limit=%E0%A4%A', 400, 'Alguns valores foram recusados'],
    ] as const) {
      const response = await apiRequest(script(), key, path, { method, headers: { 'accept-language': 'pt' } })
      expect(response.status, path).toBe(status)
      expect(response.headers['content-type'], path).toBe('application/problem+json')
      expect(response.json(), path).toMatchObject({
        status,
        code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        detail,
        instance: `/api/v1${path.split('?')[0]}`,
      })
    }
  })
})

describe('hostile bodies', () => {
  // Found by the fuzz suite: a NUL in any text field, and a day the calendar has not got, answered 500.
  it('drops the characters no one types from a JSON body, as from a form, and refuses a day the calendar has not got', async () => {
    const created = await apiRequest(script(), key, '/content', {
      json: {
        kind: 'gallery',
        title: 'Night\u0000 two',
        description: 'a\u0000b\u0007c',
        location: '\u0000',
        happenedOn: '2024-02-29',
      },
    })
    expect(created.status).toBe(201)
    expect(created.json()).toMatchObject({
      title: 'Night two',
      description: 'abc',
      location: null,
      happenedOn: '2024-02-29',
    })
    const changed = await apiRequest(script(), key, `/content/${created.json().id}`, {
      method: 'PATCH',
      json: { category: 'Live\u0000\u001f' },
    })
    expect(changed.status).toBe(200)
    expect(changed.json().category).toBe('Live')
    for (const happenedOn of ['2026-02-30', '2025-02-29', '2026-13-01']) {
      const refused = await apiRequest(script(), key, '/content', {
        json: { kind: 'gallery', title: 'Bad day', happenedOn },
        headers: { 'accept-language': 'en' },
      })
      expect(refused.status, happenedOn).toBe(400)
      expect(refused.json(), happenedOn).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'body.happenedOn' }] })
    }
  })
})

describe('tenancy', () => {
  it("answers 404 for another company's ids, for reads and for writes, and changes nothing", async () => {
    const mine = (await createGallery('Mine')).json()
    for (const [method, path] of [
      ['GET', `/content/${mine.id}`],
      ['PATCH', `/content/${mine.id}`],
      ['POST', `/content/${mine.id}/publish`],
      ['DELETE', `/content/${mine.id}`],
      ['GET', `/content/${mine.id}/media`],
    ]) {
      const response = await apiRequest(script(), otherKey, path, {
        method,
        ...(method === 'PATCH' ? { json: { title: 'Taken over' } } : {}),
      })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.json().code).toBe('NOT_FOUND')
    }
    const still = await apiRequest(script(), key, `/content/${mine.id}`)
    expect(still.status).toBe(200)
    expect(still.json().title).toBe('Mine')
    const theirs = (await apiRequest(script(), otherKey, '/content')).json()
    expect(theirs.items.map((item: { id: string }) => item.id)).not.toContain(mine.id)
    expect((await apiRequest(script(), key, '/content/not-an-id')).status).toBe(404)
  })
})

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body, without creating twice', async () => {
    const headers = { 'idempotency-key': `create-${Date.now()}` }
    const first = await createGallery('Once only', key, headers)
    expect(first.status).toBe(201)
    const again = await createGallery('Once only', key, headers)
    expect(again.status).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const list = (await apiRequest(script(), key, '/content?limit=100')).json()
    expect(list.items.filter((item: { title: string }) => item.title === 'Once only')).toHaveLength(1)
    const reused = await createGallery('Another body', key, headers)
    expect(reused.status).toBe(409)
    expect(reused.json().code).toBe('CONFLICT')
    // The same key under another API key is another request.
    expect((await createGallery('Once only', otherKey, headers)).headers['idempotent-replayed']).toBeUndefined()
  })
})

describe('cursor pagination', () => {
  it('walks every item exactly once while new ones are added between pages', async () => {
    const seeded: string[] = []
    for (let i = 0; i < 7; i++) seeded.push((await createGallery(`Page item ${i}`)).json().id)
    const seen: string[] = []
    let cursor: string | null = null
    let added = 0
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = (
        await apiRequest(script(), key, `/content?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      seen.push(...page.items.map((item: { id: string }) => item.id))
      cursor = page.nextCursor
      // Items created meanwhile are newer than every page's cut: they never push an item onto the next page.
      if (added < 2) {
        await createGallery(`Added meanwhile ${added}`)
        added++
      }
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of seeded) expect(seen).toContain(id)
    const bad = await apiRequest(script(), key, '/content?cursor=garbage')
    expect(bad.status).toBe(400)
    const tooMany = await apiRequest(script(), key, '/content?limit=1000')
    expect(tooMany.status).toBe(400)
    expect(tooMany.json().errors[0].field).toBe('query.limit')
  })
})

describe('ETag and If-Match', () => {
  it('updates only when If-Match names the current version, else 412', async () => {
    const created = await createGallery('Versioned')
    const id = created.json().id
    const read = await apiRequest(script(), key, `/content/${id}`)
    const etag = String(read.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    const first = await apiRequest(script(), key, `/content/${id}`, {
      method: 'PATCH',
      json: { title: 'Versioned, renamed' },
      headers: { 'if-match': etag },
    })
    expect(first.status).toBe(200)
    expect(first.json()).toMatchObject({ title: 'Versioned, renamed', kind: 'gallery' })
    expect(first.headers.etag).not.toBe(etag)
    const stale = await apiRequest(script(), key, `/content/${id}`, {
      method: 'PATCH',
      json: { title: 'Lost update' },
      headers: { 'if-match': etag },
    })
    expect(stale.status).toBe(412)
    expect(stale.json().code).toBe('PRECONDITION_FAILED')
    expect((await apiRequest(script(), key, `/content/${id}`)).json().title).toBe('Versioned, renamed')
  })

  it('refuses to publish an empty gallery with the editor’s own message, then deletes it', async () => {
    const id = (await createGallery('Empty')).json().id
    const publish = await apiRequest(script(), key, `/content/${id}/publish`, { method: 'POST' })
    expect(publish.status).toBe(400)
    expect(publish.json().code).toBe('BAD_REQUEST')
    expect((await apiRequest(script(), key, `/content/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await apiRequest(script(), key, `/content/${id}`)).status).toBe(404)
  })
})
