import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { ApiKeyContext } from '#app/access/context'
import type { RequestOrigin } from '#app/access/visit.server'
import type { ApiScope } from '#app/features/api/api-keys.schema'
import type { Permission } from '#app/features/members/permissions'
import type { Language } from '#app/lib/i18n'
import type { ApiAnswer } from './problem-details.server'

/*
 * An operation of the public API: its method and path, the permission and scope it needs, the zod
 * schemas of its params, query and body (the same ones the OpenAPI document is generated from),
 * and the handler that calls the same use-case as the admin screen. The HTTP adapter that serves
 * them is app/routes/api/serve-api.server.ts. Operations never see a Request or a Response.
 */

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export type ApiResponseSpec = { description: string; schema?: z.ZodType; contentType?: string }

type Input<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>
  query: z.output<Q>
  body: z.output<B>
  rawBody: Record<string, unknown>
  /** Where the request came from (the audit trail of lead reads and erasures). */
  origin: RequestOrigin
  /** The caller's language (Accept-Language), for texts an answer carries. */
  language: Language
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

export const NO_PARAMS = z.object({})

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

export const API_PREFIX = '/api/v1'
