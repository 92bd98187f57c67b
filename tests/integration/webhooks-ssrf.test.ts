import { describe, expect, it } from 'vitest'
import { webhookDelivery } from '#db/schema'
import { createWebhookEndpoint } from '#app/features/webhooks/server/create-webhook-endpoint.server'
import { deliverWebhook } from '#app/features/webhooks/server/deliver-webhook.server'
import { isPublicAddress, sendWebhookRequest } from '#app/features/webhooks/server/send-webhook-request.server'
import { withTenant } from '#app/lib/db.server'
import { asSystem } from '#app/access/tenant.server'
import { startWebhookReceiver } from '../support/webhook-receiver'
import { addEndpoint, attemptsOf, enterpriseAdmin, receiverAndQueueForFile } from '../support/webhooks'

const setup = receiverAndQueueForFile()

const body = JSON.stringify({ type: 'lead.created', data: {} })

describe('webhooks and private networks (SSRF)', () => {
  it('classifies addresses: private, loopback, link-local and reserved ranges are not public', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('refuses 127.0.0.1, 10.x, 169.254.x, ::1 and a name resolving to loopback, and reaches the same receiver when development allows it', async () => {
    const targets = [
      setup.receiver.url('/v4'),
      'http://10.1.2.3:9/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${setup.receiver.port}/v6`,
      `http://localhost:${setup.receiver.port}/name`,
    ]
    for (const target of targets) {
      const answer = await sendWebhookRequest(target, {}, body, { allowPrivate: false, timeoutMs: 2000 })
      expect(answer.status, target).toBeNull()
      expect(answer.error, target).toMatch(/^refused: .* is a private, loopback or link-local address/)
    }
    expect(setup.receiver.received).toHaveLength(0)
    // The control: the same receiver answers when the development setting allows private addresses.
    const allowed = await sendWebhookRequest(setup.receiver.url('/v4'), {}, body, { allowPrivate: true })
    expect(allowed).toMatchObject({ status: 200, error: null })
    expect(setup.receiver.received).toHaveLength(1)
  })

  it('never follows a redirect, so a public receiver cannot bounce a webhook into the private network', async () => {
    const bouncer = await startWebhookReceiver({ status: 302, location: setup.receiver.url('/internal') })
    try {
      const before = setup.receiver.received.length
      const answer = await sendWebhookRequest(bouncer.url('/bounce'), {}, body, { allowPrivate: true })
      expect(answer).toMatchObject({ status: 302, error: 'redirect (302) not followed' })
      expect(bouncer.received).toHaveLength(1)
      expect(setup.receiver.received).toHaveLength(before)
    } finally {
      await bouncer.close()
    }
  })

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const net = await import('node:net')
    const silent = net.createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const port = (silent.address() as { port: number }).port
      const answer = await sendWebhookRequest(`http://127.0.0.1:${port}/`, {}, body, {
        allowPrivate: true,
        timeoutMs: 300,
      })
      expect(answer).toMatchObject({ status: null, error: 'no answer within 0.3 s' })
      expect(answer.durationMs).toBeGreaterThanOrEqual(250)
    } finally {
      silent.close()
    }
  })

  it('with the setting off, a private endpoint is refused when added, and a delivery to one logs the refusal', async () => {
    const admin = await enterpriseAdmin('wh-ssrf')
    const companyId = admin.company.id
    const context = (await asSystem(companyId, 'test'))!
    // This test process runs without WEBHOOKS_ALLOW_PRIVATE_URLS (the app under test has it on).
    await expect(
      createWebhookEndpoint(context, { url: 'http://127.0.0.1:8080/hook', events: ['lead.created'] }),
    ).rejects.toMatchObject({ messageKey: 'webhooks.errors.privateAddress' })
    await expect(
      createWebhookEndpoint(context, { url: 'http://[::1]/hook', events: ['lead.created'] }),
    ).rejects.toMatchObject({ messageKey: 'webhooks.errors.privateAddress' })

    // A name that resolved publicly when added could point inwards later: every try checks again.
    const endpoint = await addEndpoint(admin.client, companyId, `http://localhost:${setup.receiver.port}/later`, [
      'lead.created',
    ])
    const before = setup.receiver.received.length
    // The delivery row as emitting leaves it, without its job (which the app's worker, setting on, would take).
    const [created] = await withTenant(companyId, (tx) =>
      tx
        .insert(webhookDelivery)
        .values({
          companyId,
          endpointId: endpoint.id,
          messageId: 'msg_ssrf',
          eventType: 'lead.created',
          body,
          nextAttemptAt: new Date(),
        })
        .returning({ id: webhookDelivery.id }),
    )
    const result = await deliverWebhook(context, created.id, { allowPrivate: false })
    expect(result).toMatchObject({ state: 'pending', status: null })
    const [attempt] = await attemptsOf(created.id)
    expect(attempt.status).toBeNull()
    expect(attempt.error).toMatch(
      /^refused: localhost is a private, loopback or link-local address \((127\.0\.0\.1|::1)\)$/,
    )
    expect(setup.receiver.received).toHaveLength(before)
  })

  it('refuses loopback written as IPv4-compatible or IPv4-mapped IPv6, and a name that does not resolve, when added', async () => {
    const admin = await enterpriseAdmin('wh-ipv6')
    const context = (await asSystem(admin.company.id, 'test'))!
    // This test process runs without WEBHOOKS_ALLOW_PRIVATE_URLS (the app under test has it on).
    for (const url of [
      'http://[::7f00:1]:8080/hook',
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    ])
      await expect(createWebhookEndpoint(context, { url, events: ['lead.created'] }), url).rejects.toMatchObject({
        messageKey: 'webhooks.errors.privateAddress',
      })
    // The lookup stands in for DNS (this machine may have none): a name that answers nothing is refused.
    const nowhere = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND crm.example.invalid'), { code: 'ENOTFOUND' })
    }
    await expect(
      createWebhookEndpoint(
        context,
        { url: 'https://crm.example.invalid/hook', events: ['lead.created'] },
        { lookup: nowhere },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', messageKey: 'webhooks.errors.unresolvable' })
    await expect(
      createWebhookEndpoint(
        context,
        { url: 'https://crm.example/hook', events: ['lead.created'] },
        {
          lookup: async () => [{ address: '::ffff:7f00:1', family: 6 }],
        },
      ),
    ).rejects.toMatchObject({ messageKey: 'webhooks.errors.privateAddress' })
    // A name with a public address is added.
    const id = await createWebhookEndpoint(
      context,
      { url: 'https://crm.example/hook', events: ['lead.created'] },
      { lookup: async () => [{ address: '93.184.215.14', family: 4 }] },
    )
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })
})
