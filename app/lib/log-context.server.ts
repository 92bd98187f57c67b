import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * What the work under way is, for every log line written meanwhile: the request's id (its access
 * line and the errors it met share it), or the job and its id. Code deep in a use-case logs through
 * the one `logger` and never hears of either: the logger's mixin reads them from here.
 * The request's caller (company, user, API key) is noted here by the access module as it learns
 * them, for the request's one access line (server/request-log.ts).
 */

/** What is known of the request under way; filled in as it is handled. */
export type RequestFacts = {
  requestId: string
  /** The route's pattern or the fixed name of what answered it (never the raw path). */
  route?: string
  companyId?: string
  userId?: string
  apiKeyId?: string
}

/** A background job's try. */
export type JobFacts = { job: string; jobId: string; try: number }

type Facts = RequestFacts | JobFacts

const facts = new AsyncLocalStorage<Facts>()

/** Runs `work(...args)` with `context` as what every log line written meanwhile belongs to. */
export function withLogContext<A extends unknown[], R>(context: Facts, work: (...args: A) => R, ...args: A): R {
  return facts.run(context, work, ...args)
}

/** The fields every log line of the work under way carries (a fresh object: pino merges into it). */
export function logContextFields(): Record<string, unknown> {
  const current = facts.getStore()
  if (!current) return {}
  return 'requestId' in current
    ? { requestId: current.requestId }
    : { job: current.job, jobId: current.jobId, try: current.try }
}

/** The request under way, if this runs for one. */
export function currentRequest(): RequestFacts | undefined {
  const current = facts.getStore()
  return current && 'requestId' in current ? current : undefined
}

/**
 * Who the request under way acts for, once the access module knows: its access line says so.
 * Ids only: never an e-mail address, a name or a token.
 */
export function noteCaller(caller: { companyId?: string; userId?: string; apiKeyId?: string }) {
  const request = currentRequest()
  if (!request) return
  if (caller.companyId) request.companyId = caller.companyId
  if (caller.userId) request.userId = caller.userId
  if (caller.apiKeyId) request.apiKeyId = caller.apiKeyId
}
