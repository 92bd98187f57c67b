import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { defineJob } from '#app/jobs/job'
import { enqueue, startJobs } from '#app/jobs/queue.server'
import { withSystem } from '#app/lib/db.server'
import { waitUntil } from '../support/wait'

// A try under way when the process is asked to stop finishes in the grace period, and what it
// queues then (a photo's faces after its renditions) is queued, not failed and tried again.
let release: () => void = () => undefined
let started = false
const followUpJob = defineJob({
  id: `test.follow-up-${randomUUID().slice(0, 8)}`,
  schema: z.object({ of: z.string() }),
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  async handler() {},
})
const firstJob = defineJob({
  id: `test.first-${randomUUID().slice(0, 8)}`,
  schema: z.object({ name: z.string() }),
  retry: { limit: 2, delaySeconds: 1, backoff: false },
  async handler({ name }) {
    started = true
    await new Promise<void>((resolve) => (release = resolve))
    await enqueue(followUpJob, { of: name })
  },
})

describe('a job finishing while its process stops', () => {
  it('still queues what follows it, and completes', async () => {
    const queue = await startJobs(process.env.DATABASE_URL!, [firstJob, followUpJob], { work: true })
    const name = randomUUID()
    await enqueue(firstJob, { name })
    await waitUntil(async () => started, { timeoutMs: 20_000, message: () => 'the job never started' })
    const stopping = queue.stop()
    await new Promise((resolve) => setTimeout(resolve, 200))
    release()
    await stopping
    const states = await withSystem((tx) =>
      tx.execute<{ name: string; state: string }>(
        sql`select name, state from pgboss.job where name in (${firstJob.id}, ${followUpJob.id}) order by name`,
      ),
    )
    expect(Object.fromEntries(states.rows.map((row) => [row.name, row.state]))).toEqual({
      [firstJob.id]: 'completed',
      [followUpJob.id]: 'created',
    })
  }, 60_000)
})
