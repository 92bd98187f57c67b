import { processBillingEvent } from '#app/features/billing/server/process-billing-event.server'
import { getPaymentProvider, paymentProviderName } from '#app/features/billing/server/payment-provider.server'
import { asPlatform } from '#app/access/tenant.server'
import { AppError } from '#app/lib/errors'
import { logger } from '#app/lib/logger.server'
import type { Route } from './+types/billing-webhook'

/*
 * Stripe's webhook (POST /api/billing/webhook). The signature is checked on the body exactly as it
 * arrived (nothing parses it first); a bad or stale one is 400. A failure to apply the event is
 * 500 so Stripe delivers it again; a duplicate is acknowledged and changes nothing. The Stripe SDK
 * is loaded with the first delivery, as everywhere else, not with every start of the app.
 */
export async function action({ request }: Route.ActionArgs) {
  if (paymentProviderName() !== 'stripe')
    return Response.json({ error: 'no webhook: the built-in test provider is in use' }, { status: 404 })
  const rawBody = await request.text()
  const { readStripeWebhook } = await import('#app/features/billing/server/stripe-provider.server')
  let event
  try {
    event = readStripeWebhook(rawBody, request.headers.get('stripe-signature'))
  } catch (error) {
    if (error instanceof AppError) return Response.json({ error: 'invalid signature' }, { status: 400 })
    throw error
  }
  try {
    const result = await processBillingEvent(asPlatform('billing.webhook').platform, await getPaymentProvider(), event)
    return Response.json({ received: true, duplicate: result.duplicate })
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, 'billing event failed: the provider will retry')
    return Response.json({ error: 'processing failed' }, { status: 500 })
  }
}
