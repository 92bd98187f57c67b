import type { ApiKeyContext } from '#app/access/context'
import { requireApiKey } from '#app/access/tenant.server'
import { requestOrigin } from '#app/access/visit.server'
import { API_PREFIX, etagOf, NO_PARAMS, type ApiOperation } from '#app/features/api/server/api-operation.server'
import { contentTypeOf, withIdempotency } from '#app/features/api/server/idempotency.server'
import {
  invalidInput,
  problemOf,
  rateLimitHeaderValues,
  type ApiAnswer,
  type ProblemScope,
} from '#app/features/api/server/problem-details.server'
import { AppError } from '#app/lib/errors'
import { detectLanguage } from '#app/lib/i18n'
import { dropUntypable } from '#app/lib/read-form.server'

/*
 * The public API's one HTTP adapter: finds the operation for a method and path, authenticates the
 * key through the tenant guard (requireApiKey), validates params, query and body with the
 * operation's zod schemas, applies Idempotency-Key to POSTs and If-Match to updates, calls the
 * operation, and answers JSON or a problem (ADR 052).
 */

function ifMatchHolds(header: string, current: string) {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === current)
}

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
  const language = detectLanguage(request)
  const asked: ProblemScope = { path: url.pathname, language }
  const path = url.pathname.slice(API_PREFIX.length) || '/'
  const method = request.method.toLowerCase() === 'head' ? 'get' : request.method.toLowerCase()
  const candidates = operations.filter((operation) => operation.pattern.test(path))
  // `/leads/export.csv` is that address, not a lead whose id is "export.csv": the path with the fewest parameters wins.
  const fewest = Math.min(...candidates.map((operation) => operation.paramNames.length))
  const best = candidates.find((operation) => operation.paramNames.length === fewest)
  const matching = candidates.filter((operation) => operation.path === best?.path)
  if (matching.length === 0) return respond(problemOf(asked, new AppError('NOT_FOUND', 'api.errors.noRoute')), {})
  const operation = matching.find((candidate) => candidate.method === method)
  if (!operation) {
    const allow = matching.map((candidate) => candidate.method.toUpperCase()).join(', ')
    return respond(problemOf(asked, new AppError('METHOD_NOT_ALLOWED', 'api.errors.method')), { Allow: allow })
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
    if (!query.success) return respond(invalidInput(asked, query.error, 'query'), rateLimitHeaders(context))
    const json = method === 'get' || method === 'delete' ? { text: '', value: {} } : await readJsonBody(request)
    if (!json)
      return respond(problemOf(asked, new AppError('BAD_REQUEST', 'api.errors.json')), rateLimitHeaders(context))
    const rawBody =
      typeof json.value === 'object' && json.value !== null && !Array.isArray(json.value)
        ? (json.value as Record<string, unknown>)
        : {}
    const run = async (): Promise<ApiAnswer> => {
      try {
        const body = operation.body ? operation.body.safeParse(json.value) : { success: true as const, data: undefined }
        if (!body.success) return invalidInput(asked, body.error, 'body')
        const ifMatch = request.headers.get('if-match')
        if (
          operation.current &&
          ifMatch !== null &&
          !ifMatchHolds(ifMatch, etagOf(await operation.current(active, params)))
        ) {
          throw new AppError('PRECONDITION_FAILED', 'api.errors.etag')
        }
        const answer = await operation.handle(active, {
          params,
          query: query.data,
          body: body.data,
          rawBody,
          origin: requestOrigin(request),
          language,
        })
        if (operation.etag && answer.status < 300 && answer.body !== undefined)
          return { ...answer, headers: { ETag: etagOf(answer.body), ...answer.headers } }
        return answer
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return problemOf(asked, error)
        throw error
      }
    }
    const idempotent = {
      ...asked,
      idempotencyKey: request.headers.get('idempotency-key'),
      method: request.method,
      address: url.pathname + url.search,
      bodyText: json.text,
    }
    const answer = method === 'post' ? await withIdempotency(active, idempotent, run) : await run()
    return respond(answer, rateLimitHeaders(context))
  } catch (error) {
    return respond(problemOf(asked, error), rateLimitHeaders(context))
  }
}
