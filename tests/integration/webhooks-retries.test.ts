import { eq } from 'drizzle-orm'
import { asPlatform, asSystem } from '#app/access/tenant.server'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { webhookDelivery, webhookEndpoint } from '#db/schema'
import { deliverWebhook, DISABLE_AFTER_MS, RETRY_WINDOW_MS } from '#app/features/webhooks/server/deliver-webhook.server'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import { sweepWebhookDeliveries } from '#app/features/webhooks/server/sweep-webhook-deliveries.server'
import { withSystem, withTenant } from '#app/lib/db.server'
import { latestMail } from '../support/fixtures'
import {
  addEndpoint,
  attemptsOf,
  deliveriesOf,
  enterpriseAdmin,
  receiverAndQueueForFile,
  verifySigned,
} from '../support/webhooks'
import { waitUntil } from '../support/wait'

const setup = receiverAndQueueForFile({ status: 500 })

const delivery = async (id: string) =>
  (await withSystem((tx) => tx.select().from(webhookDelivery).where(eq(webhookDelivery.id, id))))[0]
const endpointRow = async (id: string) =>
  (await withSystem((tx) => tx.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, id))))[0]

/** An event whose first try the app's worker makes (the real queue), then left to the test's clock. */
async function failedOnce(companyId: string, endpointId: string, data: Record<string, unknown>) {
  const before = (await deliveriesOf(endpointId)).length
  await withTenant(companyId, (tx) => emitWebhookEvent(tx, companyId, 'lead.created', data))
  const [created] = (await deliveriesOf(endpointId)).slice(before)
  return waitUntil(async () => {
    const row = await delivery(created.id)
    return row.attempts === 1 ? row : null
  })
}

describe('webhook retries', () => {
  it('a failing receiver is tried again with exponential backoff for 24 h, every try logged, then resent by hand', async () => {
    const admin = await enterpriseAdmin('wh-retry')
    const companyId = admin.company.id
    const endpoint = await addEndpoint(admin.client, companyId, setup.receiver.url(`/retry-${companyId}`), [
      'lead.created',
    ])
    const first = await failedOnce(companyId, endpoint.id, { id: 'lead-1' })
    expect(first).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'HTTP 500' })

    // The test's clock: each try at the moment the last one scheduled (no real waiting).
    const times = [(await attemptsOf(first.id))[0].attemptedAt.getTime()]
    let row = first
    while (row.state === 'pending') {
      const due = row.nextAttemptAt!
      // Not yet due: nothing happens (a duplicate or early job is harmless).
      expect(
        await deliverWebhook((await asSystem(companyId, 'test'))!, row.id, {
          now: new Date(due.getTime() - 1000),
          allowPrivate: true,
        }),
      ).toBeNull()
      await deliverWebhook((await asSystem(companyId, 'test'))!, row.id, { now: due, allowPrivate: true })
      times.push(due.getTime())
      row = await delivery(row.id)
    }
    const gaps = times.slice(1).map((time, i) => (time - times[i]) / 1000)
    expect(gaps.slice(0, 9)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680])
    expect(gaps.slice(9).every((gap) => gap === 4 * 3600)).toBe(true)
    expect(times.at(-1)! - first.createdAt.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS)
    expect(times.at(-1)! - first.createdAt.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 4 * 3600_000)
    expect(row).toMatchObject({ state: 'failed', nextAttemptAt: null, attempts: times.length })
    const attempts = await attemptsOf(row.id)
    expect(attempts).toHaveLength(times.length)
    for (const attempt of attempts) {
      expect(attempt.status).toBe(500)
      expect(attempt.error).toBe('HTTP 500')
      expect(attempt.durationMs).toBeGreaterThanOrEqual(0)
    }
    const mine = setup.receiver.received.filter((request) => request.path === `/retry-${companyId}`)
    expect(mine).toHaveLength(times.length)
    // Every try is the same message (one webhook-id), signed afresh at its own time.
    expect(new Set(mine.map((request) => request.headers['webhook-id'])).size).toBe(1)
    // The first try was signed now: the reference verifier accepts it. The later ones carry the
    // test clock's times, which its 5-minute tolerance refuses; their signatures are the library's own.
    expect(verifySigned(mine[0], endpoint.secret).data).toEqual({ id: 'lead-1' })
    const reference = new Webhook(endpoint.secret)
    for (const [i, request] of mine.entries()) {
      expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(times[i] / 1000))
      expect(request.headers['webhook-signature']).toBe(
        reference.sign(request.headers['webhook-id'], new Date(times[i]), request.body),
      )
    }
    // A failed delivery is done: even a late job leaves it alone.
    expect(
      await deliverWebhook((await asSystem(companyId, 'test'))!, row.id, {
        now: new Date(Date.now() + 2 * RETRY_WINDOW_MS),
        allowPrivate: true,
      }),
    ).toBeNull()

    // The receiver is back: "Resend" in the log delivers the same message through the queue.
    setup.receiver.answerWith(204)
    const page = await admin.client.get('/admin/settings/webhooks')
    expect(page.text).toContain('data-state="failed"')
    expect(
      (await admin.client.postForm('/admin/settings/webhooks.data', { intent: 'resend', deliveryId: row.id })).status,
    ).toBe(200)
    const resent = await waitUntil(async () =>
      (await deliveriesOf(endpoint.id)).find((other) => other.id !== row.id && other.state === 'succeeded'),
    )
    expect(resent.messageId).toBe(row.messageId)
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull()
    setup.receiver.answerWith(500)
  })

  it('an endpoint failing for 3 days is turned off and its admins are e-mailed', async () => {
    const admin = await enterpriseAdmin('wh-disable')
    const companyId = admin.company.id
    const endpoint = await addEndpoint(admin.client, companyId, setup.receiver.url(`/down-${companyId}`), [
      'lead.created',
    ])
    const first = await failedOnce(companyId, endpoint.id, { id: 'lead-a' })
    const failingSince = (await endpointRow(endpoint.id)).failingSince!
    expect(failingSince).toBeInstanceOf(Date)

    // Still failing after 2 days: told on the page, not turned off yet.
    const later = await failedOnce(companyId, endpoint.id, { id: 'lead-b' })
    await deliverWebhook((await asSystem(companyId, 'test'))!, later.id, {
      now: new Date(failingSince.getTime() + DISABLE_AFTER_MS - 24 * 3600_000),
      allowPrivate: true,
    })
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, failingSince })
    expect(await latestMail(admin.credentials.email, 'webhook')).toBeUndefined()

    // Three days of failures: off, and the admins know why.
    const third = await failedOnce(companyId, endpoint.id, { id: 'lead-c' })
    const result = await deliverWebhook((await asSystem(companyId, 'test'))!, third.id, {
      now: new Date(failingSince.getTime() + DISABLE_AFTER_MS + 60_000),
      allowPrivate: true,
    })
    expect(result).toMatchObject({ disabled: true })
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' })
    const mail = await latestMail(admin.credentials.email, 'webhook endpoint was turned off')
    expect(mail.text).toContain(setup.receiver.url(`/down-${companyId}`))
    expect(mail.text).toContain('/admin/settings/webhooks')
    // Its pending deliveries stop; new events are not queued for it.
    const stopped = await deliverWebhook((await asSystem(companyId, 'test'))!, first.id, {
      now: new Date(failingSince.getTime() + DISABLE_AFTER_MS + 120_000),
      allowPrivate: true,
    })
    expect(stopped).toMatchObject({ state: 'failed' })
    const count = (await deliveriesOf(endpoint.id)).length
    await withTenant(companyId, (tx) => emitWebhookEvent(tx, companyId, 'lead.created', { id: 'lead-d' }))
    expect(await deliveriesOf(endpoint.id)).toHaveLength(count)
    const page = await admin.client.get('/admin/settings/webhooks')
    expect(page.text).toContain('data-testid="webhook-turned-off"')

    // Switched on again by an admin: its failures are forgotten.
    expect(
      (
        await admin.client.postForm('/admin/settings/webhooks.data', {
          intent: 'toggle',
          endpointId: endpoint.id,
          enabled: 'true',
        })
      ).status,
    ).toBe(200)
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null })
  })

  it('a pending delivery whose job was lost is found again, and the log forgets deliveries after 30 days', async () => {
    const admin = await enterpriseAdmin('wh-sweep')
    const companyId = admin.company.id
    const endpoint = await addEndpoint(admin.client, companyId, setup.receiver.url(`/sweep-${companyId}`), [
      'lead.created',
    ])
    const now = Date.now()
    const row = (values: Partial<typeof webhookDelivery.$inferInsert>) => ({
      companyId,
      endpointId: endpoint.id,
      messageId: `msg_${Math.random()}`,
      eventType: 'lead.created',
      body: '{}',
      ...values,
    })
    // As a crash leaves them: no job, one try long overdue; and one from 31 days ago.
    const [lost, old] = await withTenant(companyId, (tx) =>
      tx
        .insert(webhookDelivery)
        .values([
          row({ nextAttemptAt: new Date(now - 20 * 60_000) }),
          row({ state: 'failed', createdAt: new Date(now - 31 * 24 * 3600_000) }),
        ])
        .returning({ id: webhookDelivery.id }),
    )
    // Overdue only because the queue is busy: its job still waits, so it is not queued twice.
    const waiting = await failedOnce(companyId, endpoint.id, { id: 'busy' })
    await withSystem((tx) =>
      tx
        .update(webhookDelivery)
        .set({ nextAttemptAt: new Date(now - 20 * 60_000) })
        .where(eq(webhookDelivery.id, waiting.id)),
    )
    const found = await sweepWebhookDeliveries(asPlatform('test'), new Date(now))
    const ids = found.map((delivery) => delivery.deliveryId)
    expect(ids).toContain(lost.id)
    expect(ids).not.toContain(waiting.id)
    expect(await delivery(old.id)).toBeUndefined()
    expect(await delivery(lost.id)).toBeDefined()
  })
})
