import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { escapeHtml } from '#app/lib/escape-html'

/*
 * The interactive API reference (ADR 053): Scalar's standalone bundle, served by the app itself
 * from the installed package, so the page makes no request to another site (the CSP would refuse
 * it anyway). Read once per process.
 */

let bundle: Promise<Buffer> | null = null

export function readApiReferenceBundle() {
  // The package exports only its entry; the browser build sits beside it.
  bundle ??= readFile(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
      'browser',
      'standalone.js',
    ),
  ).catch((error: unknown) => {
    bundle = null
    throw error
  })
  return bundle
}

/** The page: the document's address and Scalar's settings (no outside fonts, no proxy, no "open in client"). */
export function apiReferencePage(options: { nonce: string; language: string; title: string }) {
  const configuration = {
    url: '/api/v1/openapi.json',
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: 'json',
  }
  return `<!doctype html>
<html lang="${escapeHtml(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<div id="app"></div>
<script nonce="${escapeHtml(options.nonce)}" src="/docs/api/reference.js"></script>
<script nonce="${escapeHtml(options.nonce)}">Scalar.createApiReference('#app', ${JSON.stringify(configuration)})</script>
</body>
</html>`
}
