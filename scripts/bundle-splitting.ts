// How the browser bundle is cut (ADR 026). Fans open a shared link on a phone over mobile data,
// where every extra script file is another round trip before the page can be used: automatic
// splitting made thirty small chunks for the demo gallery page. Here the framework is one file and
// the code the fans' pages share is another; code only one page uses stays with that page, and
// dialogs and the lightbox stay lazy.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChunkingContext } from 'rolldown'
import type { Plugin } from 'vite'

const FANS_FIRST_ROUTE = 'routes/tenant/gallery.tsx'
const FANS_OTHER_ROUTES = [
  'routes/tenant/landing.tsx',
  'routes/tenant/event.tsx',
  'routes/tenant/player.tsx',
  'routes/tenant/company-policy.tsx',
]
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/
/**
 * Recording and reading the visitor's consent, and the consent UI's looks: what a first visit's
 * banner, the status card and the settings dialog share, one file rather than four fetched beside
 * the banner (ADR 019). Its icon is the banner's and the card's alone.
 */
const CONSENT_SHARED =
  /[\\/]app[\\/]features[\\/]consent[\\/](consent|consent-store|consent-choices|components[\\/]consent-styles|components[\\/]consent-banner-answers)\.ts$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]cookie\.js$/

/**
 * The icons of the fans' parts fetched when used (the share menu's panel, the comments): one file
 * rather than one per icon, each of whose names every fans' page would carry to preload it.
 */
const FANS_LATER_PARTS =
  /[\\/]app[\\/]features[\\/](sharing|galleries[\\/]comments)[\\/]components[\\/](share-menu-panel|comments-section|comments-thread)\.tsx$/
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/

/** Modules `entry` imports statically (not through `import()`), without route modules and the framework. */
function staticImports(entry: string, routesDirectory: string, ctx: ChunkingContext) {
  const found = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    for (const imported of ctx.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
      if (found.has(imported) || FRAMEWORK.test(imported) || imported.startsWith(routesDirectory)) continue
      found.add(imported)
      pending.push(imported)
    }
  }
  return found
}

/**
 * Two shared chunks for the fans' pages. `fans` holds what every page needs (the root route and
 * its imports: the root's own file is then a line naming its exports in `fans`, which saves the
 * names passed between the two) and whatever the gallery page shares with any other module,
 * because the gallery is where shared links lead after a show and it should not wait for a string
 * of small shared files; `fans-pages` holds what the other fans' pages share among themselves.
 */
function fansChunkOf(appDirectory: string, ctx: ChunkingContext) {
  const routesDirectory = path.join(appDirectory, 'routes') + path.sep
  const chunkOf = new Map<string, 'fans' | 'fans-pages'>()
  const root = path.join(appDirectory, 'root.tsx')
  chunkOf.set(root, 'fans')
  for (const id of staticImports(root, routesDirectory, ctx)) chunkOf.set(id, 'fans')
  const galleryRoute = path.join(appDirectory, FANS_FIRST_ROUTE)
  const gallery = staticImports(galleryRoute, routesDirectory, ctx)
  for (const id of gallery) {
    const importers = ctx.getModuleInfo(id)?.importers ?? []
    if (importers.some((importer) => importer !== galleryRoute && !gallery.has(importer))) chunkOf.set(id, 'fans')
  }
  const others = FANS_OTHER_ROUTES.map((route) => staticImports(path.join(appDirectory, route), routesDirectory, ctx))
  for (const imports of others) {
    for (const id of imports)
      if (!chunkOf.has(id) && others.filter((other) => other.has(id)).length >= 2) chunkOf.set(id, 'fans-pages')
  }
  return chunkOf
}

/** rolldown `output.codeSplitting` for the client build. */
export function clientCodeSplitting(appDirectory: string) {
  let chunkOf: Map<string, string> | undefined
  return {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 2 },
      { name: 'consent', test: CONSENT_SHARED, priority: 0 },
      {
        name: (id: string, ctx: ChunkingContext) =>
          LUCIDE_ICON.test(id) && ctx.getModuleInfo(id)?.importers.some((importer) => FANS_LATER_PARTS.test(importer))
            ? 'fans-icons'
            : null,
        test: LUCIDE_ICON,
        priority: 0,
      },
      {
        name: (id: string, ctx: ChunkingContext) => (chunkOf ??= fansChunkOf(appDirectory, ctx)).get(id) ?? null,
        debugName: 'fans-pages',
        priority: 1,
      },
    ],
  }
}

/**
 * `build.modulePreload.resolveDependencies` for the client build: a lazy chunk's list of files to
 * preload leaves out the chunk itself (compactPreloadHelper imports it at once, beside its files)
 * and the ones every page has loaded before any lazy import runs (the entry's `framework` and
 * rolldown's runtime, the root's `fans`), so each `import()` does not carry their names.
 */
export function preloadNotYetLoaded(file: string, dependencies: string[]) {
  // Each name is followed by its 8-character hash: `fans-pages-…` is another chunk.
  return dependencies.filter(
    (dependency) => dependency !== file && !/(^|\/)(framework|rolldown-runtime|fans)-[\w-]{8}\.js$/.test(dependency),
  )
}

/**
 * Vite's `__vitePreload(load, deps)` in fewer bytes, for a browser build whose base is `base`: the
 * chunk is imported at once and the files it needs are preloaded alongside it (scripts as
 * `modulepreload`, stylesheets applied), any already on the page skipped; the import answers once
 * its stylesheets are in (a part never shows unstyled), and a failure is announced as
 * `vite:preloadError` before it is thrown. Left out: the CSP nonce of a `csp-nonce` meta (the app
 * has none) and the fallback to `rel=preload` for browsers without `modulepreload`.
 */
export function compactPreloadHelper(base: string) {
  return `const pending = {}
const failed = (error) => {
  const event = new Event('vite:preloadError', { cancelable: true })
  event.payload = error
  window.dispatchEvent(event)
  if (!event.defaultPrevented) throw error
}
export const __vitePreload = (load, deps) => {
  const loading = load()
  // Answered below, once the stylesheets are in: not an unhandled rejection meanwhile.
  loading.catch(() => undefined)
  return Promise.allSettled((deps || []).map((dep) => {
    const href = ${JSON.stringify(base)} + dep
    const css = dep.endsWith('.css')
    if (pending[href] || document.querySelector(\`link\${css ? '[rel=stylesheet]' : ''}[href="\${href}"]\`)) return pending[href]
    const link = document.createElement('link')
    link.rel = css ? 'stylesheet' : 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
    if (css) return (pending[href] = new Promise((resolve, reject) => {
      link.onload = resolve
      link.onerror = () => reject(new Error('Unable to preload CSS for ' + href))
    }).finally(() => delete pending[href]))
  })).then((results) => {
    for (const result of results) if (result.status === 'rejected') failed(result.reason)
    return loading.catch(failed)
  })
}
`
}

/**
 * Serves compactPreloadHelper in place of Vite's own helper module (the `fans` chunk, which holds
 * it, comes out smaller). Same contract, so `import()` calls rewritten by Vite keep working.
 */
export function smallerPreloadHelper(): Plugin {
  let base = '/'
  return {
    name: 'afterglow:smaller-preload-helper',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base
    },
    load: {
      // The id under which Vite provides `__vitePreload`, the wrapper of every `import()` in the browser build.
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => compactPreloadHelper(base),
    },
  }
}

/** lucide-react's export names (Download, DownloadIcon, LucideDownload…) → the file of each icon. */
export function lucideIconFiles(barrelSource: string) {
  const files = new Map<string, string>()
  for (const [, names, file] of barrelSource.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+\.js)'/g)) {
    for (const name of names.split(',')) {
      const exported = /default as (\w+)/.exec(name)?.[1]
      if (exported) files.set(exported, file)
    }
  }
  return files
}

/** Rewrites `import { A, B as C } from 'lucide-react'` to one import per icon file, or null when untouched. */
export function importIconsPerFile(code: string, files: Map<string, string>) {
  let changed = false
  const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, (statement, list: string) => {
    const imports: string[] = []
    for (const specifier of list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      if (specifier.startsWith('type ')) continue
      const [imported, local = imported] = specifier.split(/\s+as\s+/)
      const file = files.get(imported)
      if (!file) return statement // createLucideIcon, icons…: leave the whole statement to the barrel
      imports.push(`import ${local} from 'lucide-react/dist/esm/icons/${file}';`)
    }
    changed = true
    // Same number of lines, so positions after the statement stay where they were.
    return imports.join('') + '\n'.repeat(statement.split('\n').length - 1)
  })
  return changed ? rewritten : null
}

/**
 * Imports icons from their own files rather than lucide-react's barrel: tree-shaking drops unused
 * icons either way, but through the barrel a chunk that imports one icon claims every icon any page
 * uses, so the admin's icons would travel in the fans' shared chunk.
 */
export function lucideIconsPerFile(): Plugin {
  let files: Map<string, string> | undefined
  return {
    name: 'afterglow:lucide-icons-per-file',
    apply: 'build',
    // The server build bundles lucide (SERVER_BUNDLED): Node would read the icons' ESM files as
    // CommonJS, and its one CommonJS file holds every icon, a noticeable part of each start.
    transform: {
      filter: { id: /\/app\/.*\.tsx?$/, code: 'lucide-react' },
      handler(code) {
        files ??= lucideIconFiles(
          readFileSync(createRequire(import.meta.url).resolve('lucide-react/dist/esm/lucide-react.js'), 'utf8'),
        )
        const rewritten = importIconsPerFile(code, files)
        return rewritten === null ? null : { code: rewritten, map: null }
      },
    },
  }
}

/**
 * In the build, lucide's icon files make their components with compact-lucide-icon.ts rather
 * than lucide's `createLucideIcon` and its helpers: fewer bytes of every page's first download and
 * of every page's HTML. Server and browser alike, so a page hydrates over the markup it was sent
 * (the development server keeps lucide's own on both sides).
 */
export function compactLucideIcons(): Plugin {
  const compact = fileURLToPath(new URL('./compact-lucide-icon.ts', import.meta.url))
  return {
    name: 'afterglow:compact-lucide-icons',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^\.\.\/createLucideIcon\.js$/ },
      handler: (_source, importer) => (importer && LUCIDE_ICON_FILE.test(importer) ? compact : null),
    },
  }
}

/** An icon's own file in lucide-react's ESM build, which imports `../createLucideIcon.js`. */
export const LUCIDE_ICON_FILE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][\w-]+\.js$/

/**
 * react-router's package exports point every condition at its development build, whose warnings
 * stay in production bundles (remix-run/react-router#14102). Its production build sits next to it,
 * with the same modules and the warnings compiled out; the browser bundle and the server build
 * import that one.
 */
export function reactRouterProductionBuild() {
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
    'production',
  )
  return [
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
  ]
}

/**
 * Packages the server build bundles instead of importing by name (ADR 038): react-router, through
 * the alias above, and the two packages that import it, so that one copy serves the app and the
 * request handler; react-router's own dependencies, whose versions differ from the project's; and
 * lucide-react, icon by icon (lucideIconsPerFile): only the icons the app uses are loaded at start.
 */
export const SERVER_BUNDLED = [
  'react-router',
  '@react-router/express',
  '@react-router/node',
  'cookie',
  'set-cookie-parser',
  'lucide-react',
]
