import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { API_SCOPES } from '../api-keys.schema'
import { API_PREFIX, type ApiOperation } from './api-operation.server'
import { API_OPERATIONS } from './api-operations.server'

/*
 * The OpenAPI 3.1 document of /api/v1, generated from the operations the router serves and the
 * zod schemas it validates with (ADR 052). Made once per process.
 */

const DESCRIPTION = `Afterglow's REST API for a company's own systems (Enterprise plan).

**Keys.** Admins create keys at Settings → API keys. Send one as \`Authorization: Bearer ag_live_…\`. Each key has scopes per area (content, events, leads, analytics; read, or read and write) and acts for its company only: another company's ids answer 404.

**Errors** are RFC 9457 problem details (\`application/problem+json\`) with the app's error \`code\` and a \`detail\` in the language of \`Accept-Language\`.

**Retries.** Every POST takes an \`Idempotency-Key\` header: the same key with the same request returns the first answer (header \`Idempotent-Replayed: true\`) for 24 hours.

**Updates.** Reads return an \`ETag\`; send it as \`If-Match\` with a change and the change is refused with 412 if the item changed meanwhile.

**Pages.** Lists are newest first and take \`limit\` and \`cursor\` (the previous page's \`nextCursor\`); items added meanwhile never shift a page.

**Rate limits.** Each key may make a number of requests a minute (600 unless agreed otherwise); every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` and \`RateLimit-Policy\`, and a refusal is 429 with \`Retry-After\`.

**Uploads** go through the resumable endpoint \`/api/uploads\` (tus 1.0.0) with the same \`Authorization\` header; see *List an item's files*.`

const SECURITY = 'apiKey'

function register(registry: OpenAPIRegistry, operation: ApiOperation) {
  const { operationId, method, path, tag, summary, description, params, query, body, responses, scope } = operation
  const headers = [
    ...(method === 'post'
      ? [
          z.object({
            'Idempotency-Key': z.string().max(255).optional().meta({ description: 'Makes retries safe (24 hours).' }),
          }),
        ]
      : []),
    ...(operation.current
      ? [z.object({ 'If-Match': z.string().optional().meta({ description: 'The ETag of the version you read.' }) })]
      : []),
  ]
  registry.registerPath({
    operationId,
    method,
    path: `${API_PREFIX}${path}`,
    tags: [tag],
    summary,
    description: [description, `Scope: \`${scope}\`.`].filter(Boolean).join('\n\n'),
    security: [{ [SECURITY]: [scope] }],
    request: {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(headers.length > 0
        ? { headers: headers.length === 1 ? headers[0] : headers[0].extend(headers[1].shape) }
        : {}),
      ...(body ? { body: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    },
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, spec]) => [
        status,
        {
          description: spec.description,
          ...(spec.schema ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } } : {}),
        },
      ]),
    ),
  })
}

let document: ReturnType<OpenApiGeneratorV31['generateDocument']> | null = null

export function getOpenApiDocument(operations: ApiOperation[] = API_OPERATIONS) {
  if (document && operations === API_OPERATIONS) return document
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', SECURITY, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ag_live_…',
    description: `An API key. Scopes: ${API_SCOPES.join(', ')}.`,
  })
  for (const operation of operations) register(registry, operation)
  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Afterglow API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Content', description: 'Galleries and single downloadable items.' },
      { name: 'Events', description: 'Shows, festival days, tour stops, and the galleries attached to them.' },
      { name: 'Leads', description: 'Fans who left their name and e-mail, with their consent record.' },
      { name: 'Analytics', description: 'Figures from the daily rollups.' },
    ],
  })
  if (operations === API_OPERATIONS) document = generated
  return generated
}
