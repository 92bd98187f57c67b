import type { z } from 'zod'

/**
 * A background job: a dotted id, the zod schema of its payload, its retry policy and its
 * handler. Handlers are idempotent: a retried or duplicated job leaves the same result.
 * One definition a file under `definitions/<domain>/`; a handler loads the feature code it runs
 * with `import()`, so queueing a job imports its definition and nothing of the worker.
 */
export type JobDefinition<S extends z.ZodType> = {
  id: string
  schema: S
  retry: { limit: number; delaySeconds: number; backoff: boolean }
  /** Runs on this schedule (cron, UTC) as well as on demand. */
  cron?: string
  /**
   * The payload field saying whose work a job is (e.g. companyId): queued jobs of one owner go behind those of owners
   * with fewer waiting, so one company's 5,000-photo upload does not hold back another's ten.
   */
  ownerField?: keyof z.infer<S> & string
  /** How many of these jobs one process works on at once (default 1). */
  workers?: number
  /**
   * How long one try may run before the queue gives up on it and tries again: for jobs that never
   * take long, so a stuck try does not hold its work for the queue's 15 minutes (a killed worker's
   * tries go back sooner, when their lease lapses: job-leases.server.ts). Handlers are idempotent,
   * so a try that outlives it only costs the work twice.
   */
  expireInSeconds?: number
  handler: (payload: z.infer<S>, attempt: { number: number; isLast: boolean }) => Promise<void>
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>) {
  return definition
}
