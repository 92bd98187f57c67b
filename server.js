// The process entry: boots the app (database, migrations, demo), listens, and shuts down
// gracefully. `node server.js` runs the production build; `--dev` runs through Vite.
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const isDevelopment = process.argv.includes('--dev')
// Where `react-router build` wrote the app (see react-router.config.ts): relative to the working
// directory, as the build resolved it, or absolute.
const buildDirectory = path.resolve(process.env.AFTERGLOW_BUILD_DIR || 'build')
// The built app runs React's production build unless told otherwise.
if (!isDevelopment) process.env.NODE_ENV ??= 'production'
const SHUTDOWN_GRACE_MS = 10_000

/*
 * Photos and videos are processed off the web process: with PROCESS_ROLE=all (the default), the
 * built app answers requests here and starts one worker process beside it (this same file, with
 * PROCESS_ROLE=worker, on this process's database), restarts it if it dies and stops it on the
 * way out. libvips's memory then never weighs on the process fans talk to, and the worker runs at
 * a lower priority, so fans' pages keep their speed while photos are processed. (Fewer glibc
 * memory arenas in the worker held its memory down but cost a fifth of its speed: not set.)
 * `--dev` stays one process.
 */
const WORKER_DATABASE_URL = 'AFTERGLOW_WORKER_DATABASE_URL'
const workerOf = process.env[WORKER_DATABASE_URL] ? { databaseUrl: process.env[WORKER_DATABASE_URL] } : undefined
// What the web process sends its worker when its own start failed: stop without a word.
const QUIET_STOP = 'afterglow:stop-quietly'
const startsWorker = !isDevelopment && !workerOf && (process.env.PROCESS_ROLE || 'all') === 'all'
if (startsWorker) process.env.PROCESS_ROLE = 'web'

/** Starts the worker; resolves once it is ready (its first start seeds the demo, if asked). */
async function superviseWorker(databaseUrl) {
  let child
  let stopping = false
  let started = false
  let firstReady
  const ready = new Promise((resolve, reject) => (firstReady = { resolve, reject }))
  const start = () => {
    child = fork(process.argv[1], process.argv.slice(2), {
      env: { ...process.env, PROCESS_ROLE: 'worker', [WORKER_DATABASE_URL]: databaseUrl },
      stdio: 'inherit',
    })
    // Fans come first: under contention the web process gets the cores, photos the rest.
    try {
      os.setPriority(child.pid, Math.min(19, os.getPriority(process.pid) + 10))
    } catch {
      // Not allowed here (some containers): the worker runs at the same priority.
    }
    child.once('message', () => {
      started = true
      firstReady.resolve()
    })
    child.once('exit', (code, signal) => {
      // A first start that fails is not tried again: the web process's start fails with it.
      if (!started)
        return firstReady.reject(new Error(`The worker process could not start (${signal ?? `code ${code}`})`))
      if (stopping) return
      console.error(`The worker process stopped (${signal ?? `code ${code}`}); starting it again`)
      setTimeout(start, 1000).unref()
    })
  }
  start()
  await ready
  /** Stops the worker; `quietly` when the web process's own start failed and has said why. */
  return async ({ quietly = false } = {}) => {
    stopping = true
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (quietly) child.send(QUIET_STOP, () => undefined)
    else child.kill('SIGTERM')
    await exited
  }
}

/*
 * Traces (OpenTelemetry) when an OTLP endpoint is set, and not otherwise: then no OpenTelemetry
 * module is loaded at all. Started before the app's modules load, so that the HTTP server, Express
 * and pg are instrumented as they are imported (build/server/tracing.js, from server/tracing.ts).
 */
const isTracingAsked = (env) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) &&
  env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' &&
  env.OTEL_TRACES_EXPORTER?.trim() !== 'none'

async function startTracing() {
  if (!isTracingAsked(process.env)) return undefined
  const tracing = await import(pathToFileURL(path.join(buildDirectory, 'server', 'tracing.js')).href)
  return tracing.startTracing({ role: workerOf || process.env.PROCESS_ROLE === 'worker' ? 'worker' : 'web' })
}

async function loadServerModule() {
  if (!isDevelopment) {
    const serverEntry = path.join(buildDirectory, 'server', 'index.js')
    if (!existsSync(serverEntry)) {
      console.error(`No build found at ${serverEntry}. Run \`npm start\` (it builds first) or \`npm run build\`.`)
      process.exit(1)
    }
    let tracing
    try {
      tracing = await startTracing()
    } catch (error) {
      console.error(error?.name === 'EnvError' ? error.message : error)
      process.exit(1)
    }
    // import() reads its specifier as a URL relative to this file, not to the working directory.
    return { module: await import(pathToFileURL(serverEntry).href), viteMiddleware: undefined, tracing }
  }
  if (isTracingAsked(process.env)) console.warn('Traces are sent by the built app (`npm start`), not by `npm run dev`.')
  const vite = await import('vite')
  const devServer = await vite.createServer({ server: { middlewareMode: true } })
  return { module: await devServer.ssrLoadModule('./server/app.ts'), viteMiddleware: devServer.middlewares }
}

async function main() {
  const { module, viteMiddleware, tracing } = await loadServerModule()
  let booted
  let stopWorker = async () => undefined
  /*
   * A start that fails stops everything it started, the worker before the database it uses
   * (stopped first, a worker kept writing into a database on its way down, and was started
   * again by the supervisor), then says why in one line and exits non-zero.
   */
  const failStart = async (error) => {
    console.error(module.describeStartFailure(error, Number(process.env.PORT) || 3000))
    if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(error)
    await stopWorker({ quietly: true }).catch(() => undefined)
    await booted?.close().catch(() => undefined)
    process.exit(1)
  }
  try {
    booted = await module.boot({ isDevelopment, viteMiddleware, workerOf })
  } catch (error) {
    return failStart(error)
  }
  const { env, app } = booted
  if (startsWorker) {
    try {
      stopWorker = await superviseWorker(booted.databaseUrl)
    } catch (error) {
      return failStart(error)
    }
  }
  // The web process that started this worker waits for it (the demo is seeded here).
  if (workerOf) process.send?.('ready')
  // A supervised worker takes no requests: the web process that started it answers its health.
  // The web process's server is set for bursts of fans (server/http-server.ts).
  const server = workerOf ? null : module.createHttpServer(booted.listener ?? app)
  if (server) {
    server.on('clientError', booted.onClientError)
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject)
        module.listenForBursts(server, env.PORT, () => {
          server.off('error', reject)
          resolve()
        })
      })
    } catch (error) {
      return failStart(error)
    }
    server.on('error', (error) => module.logger.error({ err: error }, 'the HTTP server failed'))
    console.log([`Afterglow is running at ${env.APP_URL} (port ${env.PORT})`, ...booted.guide].join('\n'))
  }

  let shuttingDown = false
  const shutdown = async (reason) => {
    if (shuttingDown) return
    shuttingDown = true
    if (reason) console.log(`${reason}: finishing ${workerOf ? 'the job under way' : 'in-flight requests'}`)
    // The worker stops alongside (and is not started again); it uses this process's database,
    // which may stop with this process, so it must be gone first.
    const workerStopped = stopWorker()
    if (server) {
      const forceTimer = setTimeout(() => {
        // Said, so that a shutdown held to its deadline is told from one that ended its connections.
        console.warn(`Connections still open after ${SHUTDOWN_GRACE_MS / 1000} s: closed`)
        server.closeAllConnections()
      }, SHUTDOWN_GRACE_MS)
      forceTimer.unref()
      // Live event streams never finish by themselves: ended now, their browsers resume elsewhere.
      booted.drain?.()
      // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
      await new Promise((resolve) => {
        server.close(resolve)
        server.closeIdleConnections()
      })
    }
    try {
      await workerStopped
      await booted.close()
      // Last, so that the spans of the shutdown's own work are sent too.
      await tracing?.shutdown()
      if (reason) console.log('Shut down cleanly')
      process.exit(0)
    } catch (error) {
      module.logger.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  // A worker whose web process is gone (killed outright) must not live on by itself.
  if (workerOf) process.once('disconnect', () => void shutdown('The web process ended'))
  if (workerOf) process.on('message', (message) => message === QUIET_STOP && void shutdown(null))
  process.on('SIGTERM', () => void shutdown('SIGTERM received'))
  process.on('SIGINT', () => void shutdown('SIGINT received'))
}

main()
