import 'react-router'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import type http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import pg from 'pg'
import { configureSessionSecret } from '#app/lib/session-secret.server'
import { CLIENT_IP_HEADER } from '#app/lib/client-ip'
import { answerAfterBody } from './answer-after-body'
import { malformedAddresses } from './malformed-addresses'
import { startupGuide } from './startup-guide'
import { StartFailure } from './start-failure'
import { connectDatabase, disconnectDatabase } from '#app/lib/db.server'
import { getEnv, type TEnv } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import { checkLiveness, checkReadiness, healthStatusCode } from '#app/features/health/server/check-health.server'
import { isOperatorsMonitoring } from '#app/access/monitoring-token.server'
import { uploadDirectory } from '#app/features/media/server/sweep-uploads.server'
import { createUploadServer } from './upload-server'
import { closeUploadLocks } from './upload-locker'
import { answerFailures } from './answer-failures'
import { cheapRefusals } from './cheap-refusals'
import { s3OptionsOf } from '#app/lib/storage.server'
import { seedDemo } from './demo/seed'
import { publicPageCache } from './public-page-cache'
import { languageChoice } from './language-choice'
import { catalogFiles } from './catalog-files'
import { fingerprintedAssets } from './fingerprinted-assets'
import { publicFileServer } from './public-files'
import { answerFirst, fansFirst } from './fans-first'
import { fanEvents } from './fan-events'
import { doubtHosts, HOST_CHANGES } from '#app/access/resolve-host.server'
import { forgetTlsHosts, mayIssueCertificate } from '#app/access/tls-allow-list.server'
import { PUBLIC_FILE_CHANGES, publicFiles } from '#app/features/public/server/public-files.server'
import { listenForChanges } from '#app/lib/db-listener.server'
import { LIVE_CHANGES, onLiveGap } from '#app/features/galleries/live/server/live-hub.server'
import { liveStreams, liveStreamsFirst } from './live-streams'
import { endEventStreams } from '#app/lib/event-stream.server'
import { JOBS } from '#app/jobs/registry.server'
import { rollUpEventsJob } from '#app/jobs/definitions/analytics/roll-up'
import { JOB_WAKEUPS, enqueue, startJobs } from '#app/jobs/queue.server'
import { closeEventBuffer, onEventsFlushed } from '#app/features/analytics/server/event-buffer.server'
import { ANALYTICS_TARGET_CHANGES, forgetEventTargets } from '#app/features/analytics/server/find-event-targets.server'
import { startEmbeddedPostgres } from './embedded-postgres'
import { checkDatabaseRole } from './database-role'
import { runMigrations } from '#db/migrate'
import { logFfmpegInUse } from '#app/features/media/server/ffmpeg-binary.server'
import { csrfProtection, isLocalRequest, securityHeaders } from './security'
import { resourceMethods } from './resource-methods'
import { answerClientError, knownMethods } from './known-methods'
import { builtPublicFiles, onlyFor } from './built-public-files'
import { measuredRequests, metricsEndpoint, serveMetrics } from './metrics-endpoint'
import { nameRoute, reactRouterRouteNames, requestLog } from './request-log'
// Where `react-router build` wrote the app (see react-router.config.ts).
const buildDirectory = process.env.AFTERGLOW_BUILD_DIR || 'build'

/** SESSION_SECRET, or one generated on first start and kept under DATA_DIR. */
async function resolveSessionSecret(env: TEnv) {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const file = path.join(path.resolve(env.DATA_DIR), 'session-secret')
  try {
    return (await fs.readFile(file, 'utf8')).trim()
  } catch {
    const secret = randomBytes(32).toString('base64url')
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, secret, { mode: 0o600 })
    return secret
  }
}

const COMPRESSIBLE =
  /^(text\/(html|css|plain|csv|javascript)|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/

function shouldCompress(req: express.Request, res: express.Response) {
  if (req.path.startsWith('/api/uploads') || res.getHeader('Content-Range')) return false
  return COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''))
}

/**
 * GET /api/tls/ask?domain=…: 200 when a certificate may be issued for the name (the platform's own
 * names, an active subdomain, a verified custom domain), else 404; 403 to anyone but this machine,
 * including visitors the proxy in front passes on.
 */
async function tlsAsk(req: express.Request, res: express.Response) {
  res.setHeader('Cache-Control', 'no-store')
  if (!isLocalRequest(req.socket.remoteAddress, req.headers)) return void res.status(403).end()
  const domain = typeof req.query.domain === 'string' ? req.query.domain : ''
  const allowed = await mayIssueCertificate(domain).catch(() => false)
  res.status(allowed ? 200 : 404).end()
}

/** A worker process (PROCESS_ROLE=worker) answers its health and its metrics, and nothing else. */
function createWorkerApp(env: TEnv) {
  const app = express()
  app.disable('x-powered-by')
  app.use(knownMethods())
  serveMetrics()
  app.get('/metrics', metricsEndpoint({ token: env.METRICS_TOKEN }))
  app.get('/api/health/live', (_req, res) => void res.setHeader('Cache-Control', 'no-store').json(checkLiveness()))
  app.get(['/api/health', '/api/health/ready'], async (req, res) => {
    const health = await checkReadiness({ detailed: isOperatorsMonitoring(req.headers.authorization) })
    res.status(healthStatusCode(health)).setHeader('Cache-Control', 'no-store').json(health)
  })
  app.use((_req, res) => {
    nameRoute(res, 'not found')
    res
      .status(404)
      .json({ error: 'not_found', message: 'This process only runs background jobs (PROCESS_ROLE=worker).' })
  })
  app.use(answerFailures())
  return app
}

export async function createApp(
  env: TEnv,
  options: { isDevelopment: boolean; viteMiddleware?: express.RequestHandler },
) {
  if (env.PROCESS_ROLE === 'worker') return createWorkerApp(env)
  const app = express()
  app.disable('x-powered-by')
  if (env.TRUST_PROXY !== undefined) app.set('trust proxy', env.TRUST_PROXY)
  // First, and cheap: a method nothing here takes (TRACE) is refused before anything reads it.
  app.use(knownMethods())

  // Caddy's on-demand TLS asks here before each new certificate; only from this machine.
  app.get('/api/tls/ask', tlsAsk)
  // The operator's Prometheus, from this machine or with METRICS_TOKEN (see the module).
  serveMetrics()
  app.get('/metrics', metricsEndpoint({ token: env.METRICS_TOKEN }))
  // Before any answer can refuse a request unread: its end waits for the body (see the module).
  app.use(answerAfterBody())
  // Before anything reads a path or a query: a control character in either names no page.
  app.use(malformedAddresses())
  // Fans' analytics events, thousands a second: ahead of everything pages need (ADR 040).
  app.post('/api/events', fanEvents())
  // Live streams, held open by thousands of fans and walls at once, are opened before Express
  // (liveStreamsFirst, the server's listener): here their refusals are answered (ADR 057).
  app.use(liveStreams())
  // Fans' photos and streams, as a static file server would send them (see the module): first,
  // with security headers made once, since nothing else of the stack concerns them.
  const files = publicFileServer({
    appUrl: env.APP_URL,
    isDevelopment: options.isDevelopment,
    mediaPublicUrl: env.MEDIA_PUBLIC_URL,
  })
  app.use(files)
  // The build's scripts and styles, from memory and compressed once (see the module).
  if (!options.viteMiddleware)
    app.use(
      fingerprintedAssets({
        directory: `${buildDirectory}/client/assets`,
        appUrl: env.APP_URL,
        isDevelopment: options.isDevelopment,
      }),
    )
  // The texts pages render with, one file per language and area (see the module).
  app.use(catalogFiles({ appUrl: env.APP_URL, isDevelopment: options.isDevelopment }))
  // A language chosen before the page's script acts (see the module): ahead of the page cache,
  // which then answers the page again in the language chosen.
  app.use(languageChoice())
  // Fans' pages kept rendered (see the module): hits are answered here, with the headers stored
  // with them; misses are rendered below and kept on their way out.
  const pageCache = options.viteMiddleware ? null : publicPageCache({ buildId: randomBytes(6).toString('hex') })
  if (pageCache) app.use(pageCache.serve)

  app.use((req, _res, next) => {
    // The one client address Better Auth's rate limiter trusts; a client cannot set it.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? ''
    next()
  })
  // Refusals already decided, answered before any per-request work a flood could load (see the module).
  app.use(cheapRefusals())
  app.use(securityHeaders({ appUrl: env.APP_URL, isDevelopment: options.isDevelopment }))
  app.use(csrfProtection({ appUrl: env.APP_URL }))
  // Pages, scripts and styles travel gzip-compressed; media, ranges and uploads never are.
  // Brotli's default 4 MB window is set up and freed for every response: pages need far less.
  // What passes here is made for one request (a page rendered, an answer), so at the fastest
  // levels that keep nearly all of the saving, as nginx does (gzip_comp_level 1): a fan's 88 KB
  // gallery page is 15.1 KB at gzip 1 against 14.2 at 6, 12.5 KB at brotli 2 against 11.7 at 4,
  // for half the time. What is kept is compressed hard once (the page cache, the site's files).
  app.use(
    compression({
      filter: shouldCompress,
      level: 1,
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  )

  // Resumable uploads (tus): streamed to disk, or to S3 where media lives there (so any process
  // resumes them), never through a body parser.
  const uploads = createUploadServer({ directory: uploadDirectory(), s3: s3OptionsOf(env) })
  app.all(/^\/api\/uploads(\/.*)?$/, (req, res) => {
    nameRoute(res, '/api/uploads/*')
    void uploads.handle(req, res)
  })

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware)
  } else {
    if (pageCache) app.use(pageCache.keep)
    // Fingerprinted assets never change; everything else in public/ may.
    app.use(
      '/assets',
      (_req, res, next) => {
        nameRoute(res, '/assets/*')
        next()
      },
      express.static(`${buildDirectory}/client/assets`, { immutable: true, maxAge: '1y', index: false }),
    )
    app.use(
      onlyFor(
        builtPublicFiles(`${buildDirectory}/client`),
        express.static(`${buildDirectory}/client`, { maxAge: '1h', index: false }),
      ),
    )
  }

  // In development the build is asked for on every request, so edits show at once; in
  // production it is handed over once: React Router then ranks the routes once, not per page.
  const build = options.isDevelopment ? null : await import('virtual:react-router/server-build')
  // Each request's access line names the route it reached (request-log.ts).
  app.use(reactRouterRouteNames(build ?? (() => import('virtual:react-router/server-build'))))
  if (build) app.use(resourceMethods(build))
  app.use(
    createRequestHandler({
      build: build ?? (() => import('virtual:react-router/server-build')),
      mode: options.isDevelopment ? 'development' : 'production',
      getLoadContext: (_req, res) => ({
        nonce: String(res.locals.nonce ?? ''),
        malformedAddress: res.locals.malformedAddress as 'path' | 'query' | undefined,
      }),
    }),
  )
  // Last: what failed before a page could say so itself.
  app.use(answerFailures())
  // Photos in memory and kept pages, answered before Express when they can be (see the module).
  answerFirst(app, pageCache ? [files.first, pageCache.first] : [files.first])
  return app
}

/** A migration that fails says what PostgreSQL refused (drizzle's own message is the query). */
function migrationFailure(error: unknown): never {
  const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
  throw new StartFailure(`The database migrations did not apply: ${reason.split('\n')[0]}`, { cause: error })
}

export type Booted = {
  env: TEnv
  app: express.Express
  listener: http.RequestListener
  /** The HTTP server's `clientError` listener: methods Node's parser refuses get a 405 too. */
  onClientError: typeof answerClientError
  databaseUrl: string
  guide: string[]
  drain: () => void
  close: () => Promise<void>
}

/**
 * Everything the process needs before it takes requests: configuration, the database (embedded
 * when DATABASE_URL is unset), migrations, the demo company. A worker process started by a web
 * process (`workerOf`) uses that process's database as it is: already migrated and seeded.
 */
export async function boot(options: {
  isDevelopment: boolean
  viteMiddleware?: express.RequestHandler
  workerOf?: { databaseUrl: string }
}): Promise<Booted> {
  const env = getEnv()
  await fs.mkdir(path.resolve(env.DATA_DIR), { recursive: true })
  const supervised = options.workerOf
  const embedded = !supervised && env.isEmbeddedDatabase ? await startEmbeddedPostgres(env.DATA_DIR) : null
  const databaseUrl = supervised?.databaseUrl ?? embedded?.url ?? env.DATABASE_URL!
  let jobs: Awaited<ReturnType<typeof startJobs>> | undefined
  let stopListening: (() => Promise<void>) | undefined
  let app: express.Express
  try {
    // Before anything is written: a role above row-level security would open every company's rows.
    if (!supervised) await checkDatabaseRole(databaseUrl, { production: env.NODE_ENV === 'production' })
    if (!supervised) await runMigrations(databaseUrl).catch(migrationFailure)
    connectDatabase(databaseUrl)
    // What this process keeps in memory (host answers, public files) follows the database.
    stopListening = await listenForChanges(
      async () => {
        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        return client
      },
      {
        channels: {
          ...HOST_CHANGES,
          ...JOB_WAKEUPS,
          ...LIVE_CHANGES,
          // Both forget what they keep of a company whose public side changed.
          public_changes: (companyId: string) => {
            PUBLIC_FILE_CHANGES.public_changes(companyId)
            ANALYTICS_TARGET_CHANGES.public_changes(companyId)
          },
        },
        onGap: () => {
          doubtHosts()
          forgetTlsHosts()
          publicFiles().forgetAll()
          forgetEventTargets()
          onLiveGap()
        },
      },
    )
    configureSessionSecret(await resolveSessionSecret(env))
    // Where videos are processed, the ffmpeg that decodes them is named once (ADR 093).
    if (env.PROCESS_ROLE !== 'web') await logFfmpegInUse()
    jobs = await startJobs(databaseUrl, JOBS, { work: env.PROCESS_ROLE !== 'web' })
    // Fans' events just written are rolled up by whichever process works the queue.
    onEventsFlushed(
      () =>
        void enqueue(rollUpEventsJob, {}, { singletonKey: 'analytics-roll-up' }).catch((error) =>
          logger.warn({ err: error }, 'rollup not queued'),
        ),
    )
    // The demo is made where jobs run: drawing its photos is libvips work, kept off the web process.
    if (env.SEED_DEMO && env.PROCESS_ROLE !== 'web') await seedDemo()
    logger.info({ embedded: Boolean(embedded), seedDemo: env.SEED_DEMO, role: env.PROCESS_ROLE }, 'database ready')
    app = await createApp(env, options)
  } catch (error) {
    // A start that fails stops what it started, the database last.
    await jobs?.stop().catch(() => undefined)
    await stopListening?.().catch(() => undefined)
    await closeUploadLocks().catch(() => undefined)
    await disconnectDatabase().catch(() => undefined)
    await embedded?.stop().catch(() => undefined)
    throw error
  }
  return {
    env,
    app,
    // What the HTTP server calls: each request given its id and access line (request-log.ts) and
    // timed for the metrics whoever answers it, then live streams first, fans' kept answers,
    // everything else through Express.
    listener: requestLog(
      env.PROCESS_ROLE === 'worker' ? app : measuredRequests(liveStreamsFirst(fansFirst(app)), { appUrl: env.APP_URL }),
      { trustProxy: env.TRUST_PROXY !== undefined },
    ),
    onClientError: answerClientError,
    databaseUrl,
    guide: startupGuide(env),
    // Before the server closes: held event streams end at once instead of holding the shutdown.
    drain: endEventStreams,
    async close() {
      // Before the queue and the database go: fans' last events are written.
      await closeEventBuffer()
      await jobs?.stop()
      await stopListening?.()
      await closeUploadLocks()
      await disconnectDatabase()
      await embedded?.stop()
    },
  }
}

// What server.js listens with: the HTTP server set for bursts of fans (see the module).
export { createHttpServer, listenForBursts } from './http-server'
// What server.js says when a start fails (see the module).
export { describeStartFailure } from './start-failure'
// What server.js logs its failures with: one JSON line with a stack, as the app's own.
export { logger } from '#app/lib/logger.server'
