import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// The server build's entry is our Express app (server/app.ts), so the HTTP layer and the
// React Router app share one module graph: one database pool, one auth instance.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: 'es2022',
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
  resolve: { tsconfigPaths: true },
  server: { hmr: { port: 24679 } },
  plugins: [tailwindcss(), reactRouter()],
}))
