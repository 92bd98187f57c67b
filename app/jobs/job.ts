import type { z } from 'zod'

/**
 * A background job: a dotted id, the zod schema of its payload, its retry policy and its
 * handler. Handlers are idempotent: a retried or duplicated job leaves the same result.
 */
export type JobDefinition<S extends z.ZodType> = {
  id: string
  schema: S
  retry: { limit: number; delaySeconds: number; backoff: boolean }
  /** Runs on this schedule (cron, UTC) as well as on demand. */
  cron?: string
  handler: (payload: z.infer<S>, attempt: { number: number; isLast: boolean }) => Promise<void>
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>) {
  return definition
}
