import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  compactPreloadHelper,
  importIconsPerFile,
  LUCIDE_ICON_FILE,
  lucideIconFiles,
  preloadNotYetLoaded,
} from './bundle-splitting'
import createCompactIcon from './compact-lucide-icon'

const barrel = readFileSync(createRequire(import.meta.url).resolve('lucide-react/dist/esm/lucide-react.js'), 'utf8')

describe('lucide icons imported from their own files', () => {
  const files = lucideIconFiles(barrel)

  it('knows every name lucide-react exports for an icon, aliases included', () => {
    expect(files.get('Download')).toBe('download.js')
    expect(files.get('DownloadIcon')).toBe('download.js')
    expect(files.get('LucideDownload')).toBe('download.js')
    // Renamed icons keep their old names as aliases of the new file.
    expect(files.get('Loader2')).toBe('loader-circle.js')
    expect(files.size).toBeGreaterThan(3000)
  })

  it('rewrites named imports, renames included, and keeps line numbers', () => {
    const code = "import {\n  Download,\n  Link as LinkIcon,\n} from 'lucide-react'\nconst x = 1"
    const rewritten = importIconsPerFile(code, files)
    expect(rewritten).toBe(
      "import Download from 'lucide-react/dist/esm/icons/download.js';import LinkIcon from 'lucide-react/dist/esm/icons/link.js';\n\n\n\nconst x = 1",
    )
  })

  it('leaves imports of anything that is not an icon to the barrel', () => {
    expect(importIconsPerFile("import { createLucideIcon, Download } from 'lucide-react'", files)).toBeNull()
    expect(importIconsPerFile("import { useState } from 'react'", files)).toBeNull()
  })
})

describe("lazy chunks' preloads", () => {
  it('leave out the files every page has loaded before any import() runs', () => {
    const files = [
      'assets/gallery-lightbox-D3VY8TJW.js',
      'assets/framework-CUR8OlTz.js',
      'assets/rolldown-runtime-XKyaHtl9.js',
      'assets/fans-L2vZ34Qe.js',
      'assets/fans-pages-Dq2aOHn7.js',
      'assets/fans-a_b-C9dE.js',
      'assets/gallery-lightbox-3fDIcGch.css',
    ]
    expect(preloadNotYetLoaded('assets/gallery-sNxyJBqw.js', files)).toEqual([
      'assets/gallery-lightbox-D3VY8TJW.js',
      'assets/fans-pages-Dq2aOHn7.js',
      'assets/gallery-lightbox-3fDIcGch.css',
    ])
  })

  it("replace Vite's helper module under the id and name Vite gives it", () => {
    // If Vite renames its helper, smallerPreloadHelper() would silently stop applying: this says so first.
    const chunks = path.join(
      path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
      'dist',
      'node',
      'chunks',
    )
    const vite = readdirSync(chunks)
      .map((file) => readFileSync(path.join(chunks, file), 'utf8'))
      .join('\n')
    expect(vite).toContain('const preloadHelperId = "\\0vite/preload-helper.js"')
    expect(vite).toContain('const preloadMethod = `__vitePreload`')
    expect(compactPreloadHelper('/')).toContain('export const __vitePreload = (load, deps) =>')
  })
})

describe("lucide's icons made by the compact runtime", () => {
  const require = createRequire(import.meta.url)
  /**
   * An icon's markup with its root's attributes in one order, less what the compact runtime leaves
   * out of lucide's: its `xmlns` and its own class names (`lucide`, `lucide-download`).
   */
  const drawing = (markup: string) =>
    markup.replace(/^<svg([^>]*)>/, (_, attributes: string) => {
      const kept = [...attributes.matchAll(/ ([\w-]+)="([^"]*)"/g)]
        .map(([, name, value]) => [
          name,
          name === 'class'
            ? value
                .split(' ')
                .filter((word) => !/^lucide(-[\w-]+)?$/.test(word))
                .join(' ')
            : value,
        ])
        .filter(([name, value]) => name !== 'xmlns' && !(name === 'class' && value === ''))
        .sort(([a], [b]) => a.localeCompare(b))
      return `<svg${kept.map(([name, value]) => ` ${name}="${value}"`).join('')}>`
    })

  // Imports six icon modules and renders 72 icons to markup: CPU-bound, seconds when the machine is shared.
  it("draw lucide's drawing with its accessibility for the same props, without its class names and xmlns", async () => {
    for (const name of ['download', 'share-2', 'chevron-down', 'x', 'loader-circle', 'circle-check']) {
      const file = require.resolve(`lucide-react/dist/esm/icons/${name}.js`)
      expect(file).toMatch(LUCIDE_ICON_FILE)
      const lucide = (await import(file)) as {
        default: ComponentType<Record<string, unknown>>
        __iconNode: Parameters<typeof createCompactIcon>[1]
      }
      const compact = createCompactIcon(name, lucide.__iconNode) as unknown as ComponentType<Record<string, unknown>>
      for (const props of [
        {},
        { className: 'size-4' },
        { size: 16, strokeWidth: 1.5, absoluteStrokeWidth: true },
        { 'aria-label': 'Go', color: 'red' },
        { role: 'img' },
        { children: createElement('title', { key: 'title' }, 'A title') },
      ]) {
        const compactMarkup = renderToStaticMarkup(createElement(compact, props))
        expect(compactMarkup).not.toMatch(/xmlns|lucide/)
        expect(drawing(compactMarkup), `${name} ${JSON.stringify(props)}`).toBe(
          drawing(renderToStaticMarkup(createElement(lucide.default, props))),
        )
      }
    }
  }, 30_000)

  it('replace the one helper every icon file imports', () => {
    const icon = readFileSync(require.resolve('lucide-react/dist/esm/icons/download.js'), 'utf8')
    expect(icon).toContain("import createLucideIcon from '../createLucideIcon.js'")
  })
})
