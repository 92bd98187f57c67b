import { escapeHtml } from '#app/lib/escape-html'
import type { Language } from '#app/lib/i18n'

/**
 * A small page the server answers itself, with no render behind it (a refusal decided before the
 * form is read, a failure before any page could draw its own): its status, a title, an optional
 * line, and a link to try again. A few hundred bytes, the same for every visitor of a language.
 */
export function fixedPage(page: {
  language: Language
  status: number
  title: string
  message?: string
  tryAgain: { href: string; label: string }
}) {
  const { language, status, title, message, tryAgain } = page
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;background:#0b0b10;color:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center;padding:24px">` +
    `<main><p style="font-size:14px;opacity:.7;margin:0 0 8px">${status}</p><h1 style="font-size:24px;margin:0 0 12px">${escapeHtml(title)}</h1>${message ? `<p style="margin:0 0 24px;opacity:.85">${escapeHtml(message)}</p>` : ''}` +
    `<p><a href="${escapeHtml(tryAgain.href)}" style="color:#c4b5fd">${escapeHtml(tryAgain.label)}</a></p></main></body></html>`
  )
}
