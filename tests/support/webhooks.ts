import { desc, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect } from 'vitest'
import { organization, webhookAttempt, webhookDelivery, webhookEndpoint } from '#db/schema'
import { JOBS } from '#app/jobs/registry.server'
import { startJobs } from '#app/jobs/queue.server'
import { withSystem } from '#app/lib/db.server'
import { WEBHOOK_EVENT_TYPES } from '#app/features/webhooks/webhooks.schema'
import { createCompanyAdmin } from './fixtures'
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver'

/**
 * The test process queues jobs as the app does (use-cases called here queue deliveries in their
 * transaction) but works none: the app's worker sends them, as in production.
 */
export async function startQueueWithoutWorkers() {
  return startJobs(process.env.DATABASE_URL!, JOBS, { work: false })
}

/**
 * For a whole test file: a receiver that answers as told, and the queue that use-cases queue
 * deliveries in. Read `setup.receiver` inside tests; it exists once the file's set-up has run.
 */
export function receiverAndQueueForFile(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
  const setup = {} as { receiver: WebhookReceiver }
  let queue: Awaited<ReturnType<typeof startQueueWithoutWorkers>> | undefined
  beforeAll(async () => {
    setup.receiver = await startWebhookReceiver(options)
    queue = await startQueueWithoutWorkers()
  })
  afterAll(async () => {
    await queue?.stop()
    await setup.receiver?.close()
  })
  return setup
}

export async function enterpriseAdmin(prefix: string) {
  const admin = await createCompanyAdmin(prefix)
  await withSystem((tx) =>
    tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, admin.company.id)),
  )
  return admin
}

/** Adds an endpoint the way the admin's form does (one checkbox per event), and returns its row. */
export async function addEndpoint(
  client: { postForm: (path: string, form: Record<string, string>) => Promise<{ status: number; text: string }> },
  companyId: string,
  url: string,
  events: readonly string[] = WEBHOOK_EVENT_TYPES,
) {
  const response = await client.postForm('/admin/settings/webhooks.data', {
    intent: 'add',
    url,
    ...Object.fromEntries(events.map((type) => [`event:${type}`, 'on'])),
  })
  expect(response.status, response.text).toBe(200)
  const [endpoint] = await withSystem((tx) =>
    tx
      .select()
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.companyId, companyId))
      .orderBy(desc(webhookEndpoint.createdAt))
      .limit(1),
  )
  return endpoint
}

/** Checks a received request with the Standard Webhooks reference verifier; returns its payload. */
export function verifySigned(request: ReceivedWebhook, secret: string) {
  const payload = new Webhook(secret).verify(request.body, request.headers) as {
    type: string
    timestamp: string
    data: Record<string, unknown>
  }
  return payload
}

export async function deliveriesOf(endpointId: string) {
  return withSystem((tx) =>
    tx
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, endpointId))
      .orderBy(webhookDelivery.createdAt),
  )
}

export async function attemptsOf(deliveryId: string) {
  return withSystem((tx) =>
    tx
      .select()
      .from(webhookAttempt)
      .where(eq(webhookAttempt.deliveryId, deliveryId))
      .orderBy(webhookAttempt.attemptedAt),
  )
}
