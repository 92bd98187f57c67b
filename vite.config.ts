import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import {
  clientCodeSplitting,
  compactLucideIcons,
  lucideIconsPerFile,
  preloadNotYetLoaded,
  reactRouterProductionBuild,
  SERVER_BUNDLED,
  smallerPreloadHelper,
} from './scripts/bundle-splitting.ts'

/** The server build's entries keep their names (React Router names every entry index.js). */
function serverEntryNames(): Plugin {
  return {
    name: 'afterglow:server-entry-names',
    outputOptions: (options) => ({ ...options, entryFileNames: (chunk) => `${chunk.name}.js` }),
  }
}

// The server build's entry is our Express app (server/app.ts), so the HTTP layer and the
// React Router app share one module graph: one database pool, one auth instance.
export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    target: 'es2022',
    modulePreload: { resolveDependencies: preloadNotYetLoaded },
    rollupOptions: {
      // Rolldown's report of slow plugins names React Router's own transforms on a shared machine:
      // nothing this project can act on, and it buried the build's real warnings.
      checks: { bundlerTimings: false },
      // The server's second entry, traces (server/tracing.ts): loaded before the app, and only
      // when they are on. Its OpenTelemetry packages stay external, imported by name; it shares
      // with the app only app/lib/tracing.server.ts, through which the app reads them.
      ...(isSsrBuild
        ? { input: { index: './server/app.ts', tracing: './server/tracing.ts' } }
        : { output: { codeSplitting: clientCodeSplitting(path.resolve('app')) } }),
    },
  },
  resolve: { tsconfigPaths: true, alias: command === 'build' ? reactRouterProductionBuild() : [] },
  // The server runs React Router's production build too (ADR 038): bundled, so the app and
  // @react-router/express share that one copy, with its own versions of cookie and set-cookie-parser.
  ssr: command === 'build' ? { noExternal: SERVER_BUNDLED } : undefined,
  server: { hmr: { port: 24679 } },
  plugins: [
    tailwindcss(),
    reactRouter(),
    lucideIconsPerFile(),
    compactLucideIcons(),
    smallerPreloadHelper(),
    ...(isSsrBuild ? [serverEntryNames()] : []),
  ],
}))
