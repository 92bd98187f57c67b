import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { clientCodeSplitting, lucideIconsPerFile, reactRouterProductionBuild } from './scripts/bundle-splitting'

// The server build's entry is our Express app (server/app.ts), so the HTTP layer and the
// React Router app share one module graph: one database pool, one auth instance.
export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    target: 'es2022',
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : { output: { codeSplitting: clientCodeSplitting(path.resolve('app')) } },
  },
  resolve: { tsconfigPaths: true, alias: command === 'build' && !isSsrBuild ? reactRouterProductionBuild() : [] },
  server: { hmr: { port: 24679 } },
  plugins: [tailwindcss(), reactRouter(), lucideIconsPerFile()],
}))
