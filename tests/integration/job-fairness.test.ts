import { randomUUID } from 'node:crypto'
import PgBoss from 'pg-boss'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineJob } from '#app/jobs/job'
import { enqueue, startJobs } from '#app/jobs/queue.server'

// A queue of its own that no process works, so the order jobs come out in can be read as it is.
const fairnessJob = defineJob({
  id: `test.fairness-${randomUUID().slice(0, 8)}`,
  schema: z.object({ companyId: z.string(), photo: z.number() }),
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  ownerField: 'companyId',
  async handler() {},
})

describe('jobs are fair between companies', () => {
  let stopQueue: () => Promise<void>
  let reader: PgBoss
  const taken: string[] = []

  beforeAll(async () => {
    stopQueue = (await startJobs(process.env.DATABASE_URL!, [fairnessJob], { work: false })).stop
    reader = new PgBoss({
      connectionString: process.env.DATABASE_URL!,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    })
    await reader.start()
  })

  afterAll(async () => {
    // The queue stays behind in this run's database, which no process works.
    await reader.complete(fairnessJob.id, taken)
    await reader.stop({ graceful: false, wait: true })
    await stopQueue()
  })

  it("a company's ten photos are not held behind another's large upload queued first", async () => {
    for (let photo = 1; photo <= 30; photo++) await enqueue(fairnessJob, { companyId: 'festival', photo })
    for (let photo = 1; photo <= 10; photo++) await enqueue(fairnessJob, { companyId: 'club', photo })

    // One at a time, as a worker takes them (a batch comes back in no particular order).
    const order: string[] = []
    for (let i = 0; i < 40; i++) {
      const [job] = await reader.fetch<{ companyId: string; photo: number }>(fairnessJob.id)
      taken.push(job.id)
      order.push(`${job.data.companyId}-${job.data.photo}`)
    }
    expect(order).toHaveLength(40)
    // Turns: each company's nth photo before anyone's (n+1)th; within a company, the order of upload.
    expect(order.slice(0, 20)).toEqual(
      Array.from({ length: 10 }, (_, i) => [`festival-${i + 1}`, `club-${i + 1}`]).flat(),
    )
    expect(order.slice(20)).toEqual(Array.from({ length: 20 }, (_, i) => `festival-${i + 11}`))
  })
})
