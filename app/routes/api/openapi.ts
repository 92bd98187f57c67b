import { getOpenApiDocument } from '#app/features/api/server/openapi-document.server'

// Public, like any API's reference: it describes the API, it gives access to nothing.
export const loader = () => Response.json(getOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } })
