// The process entry: boots the app (database, migrations, demo), listens, and shuts down
// gracefully. `node server.js` runs the production build; `--dev` runs through Vite.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const isDevelopment = process.argv.includes('--dev')
// Where `react-router build` wrote the app (see react-router.config.ts): relative to the working
// directory, as the build resolved it, or absolute.
const buildDirectory = path.resolve(process.env.AFTERGLOW_BUILD_DIR || 'build')
// The built app runs React's production build unless told otherwise.
if (!isDevelopment) process.env.NODE_ENV ??= 'production'
const SHUTDOWN_GRACE_MS = 10_000

async function loadServerModule() {
  if (!isDevelopment) {
    const serverEntry = path.join(buildDirectory, 'server', 'index.js')
    if (!existsSync(serverEntry)) {
      console.error(`No build found at ${serverEntry}. Run \`npm start\` (it builds first) or \`npm run build\`.`)
      process.exit(1)
    }
    // import() reads its specifier as a URL relative to this file, not to the working directory.
    return { module: await import(pathToFileURL(serverEntry).href), viteMiddleware: undefined }
  }
  const vite = await import('vite')
  const devServer = await vite.createServer({ server: { middlewareMode: true } })
  return { module: await devServer.ssrLoadModule('./server/app.ts'), viteMiddleware: devServer.middlewares }
}

async function main() {
  const { module, viteMiddleware } = await loadServerModule()
  let booted
  try {
    booted = await module.boot({ isDevelopment, viteMiddleware })
  } catch (error) {
    console.error(error?.name === 'EnvError' ? error.message : error)
    process.exit(1)
  }
  const { env, app } = booted
  const server = app.listen(env.PORT, () => {
    console.log(`Afterglow is running at ${env.APP_URL} (port ${env.PORT})`)
  })
  server.on('error', async (error) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use. Set PORT to another port.` : error)
    await booted.close().catch(() => undefined)
    process.exit(1)
  })

  let shuttingDown = false
  const shutdown = async (signal) => {
    if (shuttingDown) return
    shuttingDown = true
    console.log(`${signal} received: finishing in-flight requests`)
    const forceTimer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
    forceTimer.unref()
    // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
    await new Promise((resolve) => {
      server.close(resolve)
      server.closeIdleConnections()
    })
    try {
      await booted.close()
      console.log('Shut down cleanly')
      process.exit(0)
    } catch (error) {
      console.error('Shutdown error', error)
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main()
