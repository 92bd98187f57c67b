import { createHmac, randomBytes } from 'node:crypto'

/*
 * Standard Webhooks signing (ADR 054): the secret is `whsec_` + base64 key bytes; each request
 * carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64
 * HMAC-SHA256 of "id.timestamp.body">`, so any Standard Webhooks library verifies it.
 */

const SECRET_PREFIX = 'whsec_'

export function generateWebhookSecret() {
  return SECRET_PREFIX + randomBytes(24).toString('base64')
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  return 'v1,' + createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')
}

export function webhookHeaders(secret: string, messageId: string, body: string, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'Afterglow-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  }
}
