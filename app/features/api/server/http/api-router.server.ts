import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { ApiScope } from '#app/features/api/api-keys.schema'
import type { Permission } from '#app/features/members/permissions'
import { AppError } from '#app/lib/errors'
import { dropUntypable } from '#app/lib/read-form.server'
import { requireApiKey } from '#app/access/tenant.server'
import { type ApiKeyContext } from '#app/access/context'
import { contentTypeOf, withIdempotency } from './idempotency.server'
import { invalidInput, problemOf, rateLimitHeaderValues, type ApiAnswer } from './problem-details.server'

/*
 * The public API's one HTTP adapter: finds the operation for a method and path, authenticates the
 * key through the tenant guard (requireApiKey), validates params, query and body with the
 * operation's zod schemas (the same ones the OpenAPI document is generated from), applies
 * Idempotency-Key to POSTs and If-Match to updates, calls the operation (which calls the same
 * use-case as the admin screen), and answers JSON or a problem. Operations never see a Response.
 */

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export type ApiResponseSpec = { description: string; schema?: z.ZodType; contentType?: string }

type Input<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>
  query: z.output<Q>
  body: z.output<B>
  rawBody: Record<string, unknown>
  request: Request
}

export type ApiOperationSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  operationId: string
  method: ApiMethod
  /** OpenAPI style, under /api/v1: `/content/{id}`. */
  path: string
  tag: string
  summary: string
  description?: string
  permission: Permission
  scope: ApiScope
  params?: P
  query?: Q
  body?: B
  responses: Record<number, ApiResponseSpec>
  /** Updates: the current representation, whose ETag an If-Match header must name (else 412). */
  current?: (context: ApiKeyContext, params: z.output<P>) => Promise<unknown>
  /** Responses whose JSON body gets an ETag. */
  etag?: boolean
  handle: (context: ApiKeyContext, input: Input<P, Q, B>) => Promise<ApiAnswer>
}

// Variance: the router treats every operation alike; each is type-checked where it is defined.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiOperation = ApiOperationSpec<any, any, any> & { pattern: RegExp; paramNames: string[] }

const NO_PARAMS = z.object({})

export function defineOperation<
  P extends z.ZodType = typeof NO_PARAMS,
  Q extends z.ZodType = typeof NO_PARAMS,
  B extends z.ZodType = z.ZodUnknown,
>(spec: ApiOperationSpec<P, Q, B>): ApiOperation {
  const paramNames = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
  const pattern = new RegExp(`^${spec.path.replace(/\{\w+\}/g, '([^/]+)')}$`)
  return { ...spec, pattern, paramNames }
}

/** A strong ETag of a JSON representation. */
export function etagOf(value: unknown) {
  return `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32)}"`
}

function ifMatchHolds(header: string, current: string) {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === current)
}

export const API_PREFIX = '/api/v1'

function respond(answer: ApiAnswer, extraHeaders: Record<string, string>) {
  const headers = new Headers({ 'Cache-Control': 'no-store', ...extraHeaders, ...answer.headers })
  if (answer.status === 204) return new Response(null, { status: 204, headers })
  if (answer.stream) {
    headers.set('Content-Type', answer.stream.contentType)
    return new Response(answer.stream.body, { status: answer.status, headers })
  }
  if (answer.raw) {
    headers.set('Content-Type', answer.raw.contentType)
    return new Response(answer.raw.text, { status: answer.status, headers })
  }
  headers.set('Content-Type', contentTypeOf(answer))
  return new Response(JSON.stringify(answer.body ?? null), { status: answer.status, headers })
}

function rateLimitHeaders(context: ApiKeyContext | null): Record<string, string> {
  if (!context) return {}
  return rateLimitHeaderValues(context.rateLimit)
}

/**
 * The body as JSON, every string in it without the characters no one types, as forms are read
 * (readForm): NUL, which PostgreSQL refuses in text, and the other controls but tab and line breaks.
 */
async function readJsonBody(request: Request): Promise<{ text: string; value: unknown } | null> {
  const text = await request.text()
  if (text.trim() === '') return { text, value: {} }
  try {
    return {
      text,
      value: JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? dropUntypable(value) : value)),
    }
  } catch {
    return null
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Answers one request under /api/v1 with the operations given. */
export async function serveApi(request: Request, operations: ApiOperation[]): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname.slice(API_PREFIX.length) || '/'
  const method = request.method.toLowerCase() === 'head' ? 'get' : request.method.toLowerCase()
  const candidates = operations.filter((operation) => operation.pattern.test(path))
  // `/leads/export.csv` is that address, not a lead whose id is "export.csv": the path with the fewest parameters wins.
  const fewest = Math.min(...candidates.map((operation) => operation.paramNames.length))
  const best = candidates.find((operation) => operation.paramNames.length === fewest)
  const matching = candidates.filter((operation) => operation.path === best?.path)
  if (matching.length === 0) return respond(problemOf(request, new AppError('NOT_FOUND', 'api.errors.noRoute')), {})
  const operation = matching.find((candidate) => candidate.method === method)
  if (!operation) {
    const allow = matching.map((candidate) => candidate.method.toUpperCase()).join(', ')
    return respond(problemOf(request, new AppError('METHOD_NOT_ALLOWED', 'api.errors.method')), { Allow: allow })
  }
  let context: ApiKeyContext | null = null
  try {
    context = await requireApiKey(request, operation.permission, operation.scope)
    const active = context
    const values = operation.pattern.exec(path)!.slice(1).map(decodeURIComponent)
    const rawParams = Object.fromEntries(operation.paramNames.map((name, index) => [name, values[index]]))
    // Ids that are not ids name nothing: 404, as for another company's ids.
    if (Object.entries(rawParams).some(([name, value]) => /id$/i.test(name) && !UUID.test(value)))
      throw new AppError('NOT_FOUND', 'api.errors.notFound')
    const params = (operation.params ?? NO_PARAMS).parse(rawParams)
    const query = (operation.query ?? NO_PARAMS).safeParse(Object.fromEntries(url.searchParams))
    if (!query.success) return respond(invalidInput(request, query.error, 'query'), rateLimitHeaders(context))
    const json = method === 'get' || method === 'delete' ? { text: '', value: {} } : await readJsonBody(request)
    if (!json)
      return respond(problemOf(request, new AppError('BAD_REQUEST', 'api.errors.json')), rateLimitHeaders(context))
    const rawBody =
      typeof json.value === 'object' && json.value !== null && !Array.isArray(json.value)
        ? (json.value as Record<string, unknown>)
        : {}
    const run = async (): Promise<ApiAnswer> => {
      try {
        const body = operation.body ? operation.body.safeParse(json.value) : { success: true as const, data: undefined }
        if (!body.success) return invalidInput(request, body.error, 'body')
        const ifMatch = request.headers.get('if-match')
        if (
          operation.current &&
          ifMatch !== null &&
          !ifMatchHolds(ifMatch, etagOf(await operation.current(active, params)))
        ) {
          throw new AppError('PRECONDITION_FAILED', 'api.errors.etag')
        }
        const answer = await operation.handle(active, { params, query: query.data, body: body.data, rawBody, request })
        if (operation.etag && answer.status < 300 && answer.body !== undefined)
          return { ...answer, headers: { ETag: etagOf(answer.body), ...answer.headers } }
        return answer
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return problemOf(request, error)
        throw error
      }
    }
    const answer = method === 'post' ? await withIdempotency(active, request, json.text, run) : await run()
    return respond(answer, rateLimitHeaders(context))
  } catch (error) {
    return respond(problemOf(request, error), rateLimitHeaders(context))
  }
}
