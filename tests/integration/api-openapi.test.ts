import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import { API_OPERATIONS } from '#app/features/api/server/api-operations.server'
import { TestClient } from '../support/http-client'

/*
 * The OpenAPI document at /api/v1/openapi.json is valid OpenAPI 3.1 and agrees with what the
 * server answers: every documented operation is served (it asks for a key rather than saying the
 * address or method does not exist), and for every documented path the server takes exactly the
 * documented methods (its Allow header on a 405), so a route added or removed on either side fails.
 */

type Doc = { openapi: string; paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>> }

async function fetchDocument() {
  const response = await new TestClient().get('/api/v1/openapi.json')
  expect(response.status).toBe(200)
  expect(response.headers['content-type']).toContain('application/json')
  return response.json<Doc>()
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000'

describe('OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const document = await fetchDocument()
    expect(document.openapi).toBe('3.1.0')
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
  })

  it('lists every operation the router serves, and nothing else', async () => {
    const document = await fetchDocument()
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const served = API_OPERATIONS.map((operation) => `${operation.method.toUpperCase()} /api/v1${operation.path}`)
    expect(documented.sort()).toEqual(served.sort())
    expect(new Set(served).size).toBe(served.length)
  })

  it('matches what the server answers: documented operations exist, undocumented methods are 405', async () => {
    const document = await fetchDocument()
    const client = new TestClient()
    for (const [path, item] of Object.entries(document.paths)) {
      const url = path.replace(/\{[^}]+\}/g, SAMPLE_ID)
      const documented = METHODS.filter((method) => item[method]).map((method) => method.toUpperCase())
      for (const method of documented) {
        const response = await client.request(url, {
          method,
          raw: method === 'GET' || method === 'DELETE' ? undefined : '{}',
          headers: { origin: '', 'content-type': 'application/json' },
        })
        // Served, and behind a key: never "no such address" or "no such method".
        expect(response.status, `${method} ${path}`).toBe(401)
        expect(item[method.toLowerCase()].security, `${method} ${path} documents its key`).toBeTruthy()
      }
      const undocumented = METHODS.map((method) => method.toUpperCase()).filter(
        (method) => !documented.includes(method),
      )
      for (const method of undocumented) {
        const response = await client.request(url, {
          method,
          raw: method === 'GET' || method === 'DELETE' ? undefined : '{}',
          headers: { origin: '', 'content-type': 'application/json' },
        })
        expect(response.status, `${method} ${path} is not documented`).toBe(405)
        expect(String(response.headers.allow).split(', ').sort(), `Allow of ${path}`).toEqual([...documented].sort())
      }
    }
    // An address under /api/v1 the document does not name is not served.
    const unknown = await client.get('/api/v1/unknown-things')
    expect(unknown.status).toBe(404)
    expect(unknown.headers['content-type']).toBe('application/problem+json')
  })
})
