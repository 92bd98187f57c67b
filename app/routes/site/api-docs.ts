import { apiReferencePage } from '#app/features/api/server/api-reference.server'
import { detectLanguage } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'
import type { Route } from './+types/api-docs'

// /docs/api: the interactive reference of /api/v1, a page of its own (Scalar brings its own UI).
export function loader({ request, context }: Route.LoaderArgs) {
  const language = detectLanguage(request)
  const html = apiReferencePage({ nonce: context.nonce, language, title: getFixedT(language)('apiKeys.docsTitle') })
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}
