import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './deliver-webhook.server'
import { generateWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature.server'

describe('Standard Webhooks signing', () => {
  it('signs what the reference library verifies, and only that', () => {
    const secret = generateWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const body = JSON.stringify({
      type: 'lead.created',
      timestamp: '2026-11-25T00:00:00.000Z',
      data: { email: 'fan@example.test', name: 'Zoë' },
    })
    const now = new Date()
    const headers = webhookHeaders(secret, 'msg_1', body, now)
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    // The same signature the library computes, for the same message, time and body.
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('msg_1', new Date(Math.floor(now.getTime() / 1000) * 1000), body),
    )
    expect(() => new Webhook(secret).verify(body.replace('Zoë', 'Zoe'), headers)).toThrow()
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow()
    expect(signWebhook(secret, 'msg_2', 1, body)).not.toBe(signWebhook(secret, 'msg_1', 1, body))
  })

  it('waits 30 s after the first failure, doubling up to 4 h', () => {
    expect([1, 2, 3, 4, 9, 10, 11, 20].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 7680, 14400, 14400, 14400,
    ])
  })
})
