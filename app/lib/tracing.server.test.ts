import { afterEach, describe, expect, it } from 'vitest'
import {
  provideServerTracing,
  serverTracing,
  takeCarriedTrace,
  TRACE_FIELD,
  withCarriedTrace,
  type ServerTracing,
} from './tracing.server'

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'

/** Traces as server/tracing.ts provides them, the caller being in the trace above. */
const tracingIn = (carried: Record<string, string> | undefined): ServerTracing => ({
  reactRouter: {},
  carryTrace: () => carried,
  traceJob: (_job, _carried, run) => run(),
})

describe("a job's carried trace", () => {
  // The unit files share one module graph: no other file may find traces on.
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('afterglow.tracing')]
  })

  it('is not added with traces off, and the data is the same object', () => {
    expect(serverTracing()).toBeUndefined()
    const data = { companyId: 'c1' }
    expect(withCarriedTrace(data)).toBe(data)
  })

  it('is not added outside a trace', () => {
    provideServerTracing(tracingIn(undefined))
    expect(withCarriedTrace({ companyId: 'c1' })).toEqual({ companyId: 'c1' })
  })

  it("goes with the job's data and comes off it before its schema sees it", () => {
    provideServerTracing(tracingIn({ traceparent: TRACEPARENT }))
    const sent = withCarriedTrace({ companyId: 'c1' })
    expect(sent).toEqual({ companyId: 'c1', [TRACE_FIELD]: { traceparent: TRACEPARENT } })
    // Stored as JSON by the queue, and read back by the worker.
    expect(takeCarriedTrace(JSON.parse(JSON.stringify(sent)))).toEqual({
      data: { companyId: 'c1' },
      carried: { traceparent: TRACEPARENT },
    })
  })

  it('leaves data without one as it is, and drops one that is not headers', () => {
    expect(takeCarriedTrace({ companyId: 'c1' })).toEqual({ data: { companyId: 'c1' }, carried: undefined })
    expect(takeCarriedTrace(null)).toEqual({ data: null, carried: undefined })
    expect(takeCarriedTrace({ companyId: 'c1', [TRACE_FIELD]: { traceparent: 42 } })).toEqual({
      data: { companyId: 'c1' },
      carried: undefined,
    })
    expect(takeCarriedTrace({ [TRACE_FIELD]: 'x' })).toEqual({ data: {}, carried: undefined })
  })
})
