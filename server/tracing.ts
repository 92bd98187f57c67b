/*
 * Traces (OpenTelemetry, ADR 091). server.js loads this, and only this, before the app's modules,
 * and only when an OTLP endpoint is set: otherwise no OpenTelemetry module is loaded at all. Built
 * as an entry of its own (vite.config.ts), so the OpenTelemetry packages stay out of the app's
 * bundle, imported by name from node_modules.
 *
 * The standard OTEL_* variables configure it, read by the SDK itself: the endpoint and its headers,
 * the protocol (http/protobuf by default), the sampler, the batch's delays. Traces only: metrics
 * and logs have their own ways out of the app, so the SDK's metric and log exports stay off.
 *
 * The app is an ES module: the instrumented packages (node:http, express, pg) are wrapped as they
 * are imported, by import-in-the-middle's loader hook, told the names to watch before the app's
 * modules load. Only those modules pass through it.
 */
import { register } from 'node:module'
import {
  context,
  diag,
  DiagConsoleLogger,
  DiagLogLevel,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api'
import { getRPCMetadata, RPCType } from '@opentelemetry/core'
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { NodeSDK } from '@opentelemetry/sdk-node'
import { createAddHookMessageChannel } from 'import-in-the-middle'
import type { ServerInstrumentation } from 'react-router'
import { z } from 'zod'
import { provideServerTracing, type CarriedTrace, type ServerTracing } from '#app/lib/tracing.server'

const TRACER = 'afterglow'
/** How long a shutdown waits for the last spans to be sent. */
const SHUTDOWN_FLUSH_MS = 5000

const endpoint = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional()
const ZTracingEnv = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json', 'grpc']).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(['http/protobuf', 'http/json', 'grpc']).optional(),
})

/** What is wrong with the tracing variables, said as server.js prints a configuration error. */
export class TracingConfigError extends Error {
  override name = 'EnvError'
}

/** The variables this module reads itself, checked before the SDK reads them its own way. */
export function checkTracingEnv(env: NodeJS.ProcessEnv) {
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)
  const parsed = ZTracingEnv.safeParse(
    Object.fromEntries(Object.keys(ZTracingEnv.shape).map((k) => [k, blank(env[k])])),
  )
  if (!parsed.success)
    throw new TracingConfigError(
      `Traces are not configured correctly:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    )
  return parsed.data
}

/** The service name: OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) wins over ours. */
export function defaultServiceName(env: NodeJS.ProcessEnv, role: 'web' | 'worker') {
  if (env.OTEL_SERVICE_NAME?.trim()) return undefined
  if (/(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '')) return undefined
  return role === 'worker' ? 'afterglow-worker' : 'afterglow-web'
}

/** Health probes every few seconds from a load balancer: no trace says anything about them. */
const isHealthProbe = (url: string | undefined) => url?.startsWith('/api/health') ?? false

function endWith(span: Span, error: unknown) {
  if (error) {
    span.recordException(error instanceof Error ? error : String(error))
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
  }
  span.end()
}

/**
 * The route React Router matched, as HTTP spans name routes (`/:clientSlug`; React Router's
 * pattern leaves out the first slash), given to the request's HTTP span as Express does its own.
 */
function nameRoute(pattern: string) {
  const route = pattern.startsWith('/') ? pattern : `/${pattern}`
  const metadata = getRPCMetadata(context.active())
  if (metadata?.type === RPCType.HTTP) metadata.route = route
  return route
}

/**
 * React Router's request handler, loaders and actions, each in a span. A loader or action names the
 * route React Router matched (`/:companySlug/g/:gallerySlug`): the request's span is then named by it.
 */
function reactRouterInstrumentation(): ServerInstrumentation {
  const tracer = trace.getTracer(TRACER)
  const inSpan =
    (name: string, routeId: string) =>
    async (handler: () => Promise<{ status: 'success' | 'error'; error?: Error }>, info: { pattern: string }) => {
      const route = nameRoute(info.pattern)
      await tracer.startActiveSpan(
        name,
        { attributes: { 'http.route': route, 'react_router.route.id': routeId } },
        async (span) => endWith(span, (await handler()).error),
      )
    }
  return {
    handler(handler) {
      handler.instrument({
        async request(handle, { request }) {
          await tracer.startActiveSpan(`react-router ${request.method}`, async (span) => {
            const result = await handle()
            const route = getRPCMetadata(context.active())?.route
            if (route) span.updateName(`react-router ${request.method} ${route}`)
            endWith(span, result.error)
          })
        },
      })
    },
    route(route) {
      route.instrument({
        loader: inSpan(`loader ${route.id}`, route.id),
        action: inSpan(`action ${route.id}`, route.id),
      })
    },
  }
}

function jobTracing(): Pick<ServerTracing, 'carryTrace' | 'traceJob'> {
  const tracer = trace.getTracer(TRACER)
  return {
    carryTrace() {
      if (!trace.getSpan(context.active())) return undefined
      const carrier: CarriedTrace = {}
      propagation.inject(context.active(), carrier)
      return Object.keys(carrier).length ? carrier : undefined
    },
    traceJob(job, carried, run) {
      const parent = carried ? propagation.extract(ROOT_CONTEXT, carried) : ROOT_CONTEXT
      return tracer.startActiveSpan(
        `job ${job.name}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'pg-boss',
            'messaging.operation.type': 'process',
            'messaging.destination.name': job.name,
            'messaging.message.id': job.id,
            'afterglow.job.attempt': job.attempt,
          },
        },
        parent,
        async (span) => {
          try {
            const result = await run()
            endWith(span, undefined)
            return result
          } catch (error) {
            endWith(span, error)
            throw error
          }
        },
      )
    },
  }
}

/**
 * Starts the SDK and the instrumentations, before the app's modules load; resolves once the loader
 * hook watches for the instrumented packages. `shutdown` sends the spans still held.
 */
export async function startTracing({ role }: { role: 'web' | 'worker' }) {
  checkTracingEnv(process.env)
  // Failed exports are said (OTEL_LOG_LEVEL, when set, decides instead).
  if (!process.env.OTEL_LOG_LEVEL) diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.ERROR)
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel()
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions)
  const sdk = new NodeSDK({
    serviceName: defaultServiceName(process.env, role),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isHealthProbe(request.url),
        // Calls out count inside a request or a job; one outside both would be a trace of one span.
        requireParentforOutgoingSpans: true,
      }),
      // Express's routes and handlers; its middlewares (a score of them before a page) are not
      // each a span: React Router's spans say what the page cost.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // Queries inside a request or a job; the job queue's polling, every few seconds, is not traced.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  })
  sdk.start()
  provideServerTracing({ reactRouter: reactRouterInstrumentation(), ...jobTracing() })
  await waitForAllMessagesAcknowledged()
  return {
    /**
     * Sends the spans still held. A collector that does not answer is tried again until the
     * exporter's timeout: the shutdown waits for it no longer than SHUTDOWN_FLUSH_MS.
     */
    async shutdown() {
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), SHUTDOWN_FLUSH_MS)
        timer.unref()
      })
      const outcome = await Promise.race([
        sdk.shutdown().then(
          () => 'sent' as const,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
        deadline,
      ])
      clearTimeout(timer)
      if (outcome === 'late') console.warn(`Traces: the last spans were not sent within ${SHUTDOWN_FLUSH_MS / 1000} s`)
      else if (outcome !== 'sent') console.warn(`Traces: the last spans were not sent (${outcome})`)
    },
  }
}
