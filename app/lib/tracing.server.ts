import type { ServerInstrumentation } from 'react-router'

/*
 * Traces (OpenTelemetry, ADR 091) as the app sees them. server/tracing.ts starts them before the
 * app's modules load, only when an OTLP endpoint is set, and leaves here what the app asks of
 * them. The app imports nothing of OpenTelemetry itself: with traces off, `serverTracing()` is
 * undefined and each use below costs one property read.
 */

/** A job's trace, as W3C trace context headers carried in its data. */
export type CarriedTrace = Record<string, string>

export type ServerTracing = {
  /** React Router's request handler, loaders and actions, each in a span naming its route. */
  reactRouter: ServerInstrumentation
  /** The trace the caller is in, to carry in a job it queues; undefined outside any trace. */
  carryTrace(): CarriedTrace | undefined
  /** Runs one try of a job in a span of its own, a child of the trace that queued it, if any. */
  traceJob<T>(
    job: { name: string; id: string; attempt: number },
    carried: CarriedTrace | undefined,
    run: () => Promise<T>,
  ): Promise<T>
}

const TRACING = Symbol.for('afterglow.tracing')
type GlobalWithTracing = typeof globalThis & { [TRACING]?: ServerTracing }

/** The process's traces, or undefined when none are sent (the default). */
export function serverTracing(): ServerTracing | undefined {
  return (globalThis as GlobalWithTracing)[TRACING]
}

/** Called by server/tracing.ts once its SDK runs, before the app's modules load. */
export function provideServerTracing(tracing: ServerTracing) {
  ;(globalThis as GlobalWithTracing)[TRACING] = tracing
}

/** The field of a job's data that carries the trace that queued it (ignored by its schema). */
export const TRACE_FIELD = '_trace'

/** `data` with the caller's trace, when there is one to carry. */
export function withCarriedTrace<D extends object>(data: D): D {
  const carried = serverTracing()?.carryTrace()
  return carried ? { ...data, [TRACE_FIELD]: carried } : data
}

/** A job's data without its carried trace, and that trace (when it is one). */
export function takeCarriedTrace(data: unknown): { data: unknown; carried: CarriedTrace | undefined } {
  if (typeof data !== 'object' || data === null || !(TRACE_FIELD in data)) return { data, carried: undefined }
  const { [TRACE_FIELD]: carried, ...rest } = data as Record<string, unknown>
  const isCarrier =
    typeof carried === 'object' &&
    carried !== null &&
    Object.values(carried).every((value) => typeof value === 'string')
  return { data: rest, carried: isCarrier ? (carried as CarriedTrace) : undefined }
}
