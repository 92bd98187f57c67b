import { eq, sql } from 'drizzle-orm'
import { billingEvent, invoice, subscription } from '#db/schema'
import type { Fence } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import {
  HANDLED_EVENTS,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from './payment-provider.server'
import { syncCompanyPlan } from './sync-company-plan.server'

/** A subscription that still holds a plan (or may again): a late event of an old one never replaces it. */
const LIVE = new Set(['active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused'])

/**
 * One payment-provider event, once: its id is recorded in the same transaction as its effect, so
 * a redelivery or a concurrent duplicate does nothing. The effect does not trust the event's copy
 * of the subscription: it refetches the subscription (and invoice) from the provider under a
 * per-subscription lock and stores that, so duplicates and out-of-order events converge on the
 * provider's current state. A failure rolls everything back and throws (the webhook answers 500,
 * the provider retries).
 */
export async function processBillingEvent(
  platform: Fence,
  provider: PaymentProvider,
  event: ProviderEvent,
  now = new Date(),
) {
  return platform(async (tx) => {
    const [recorded] = await tx
      .insert(billingEvent)
      .values({ id: event.id, provider: provider.name, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id })
    if (!recorded) return { duplicate: true as const }
    if (!HANDLED_EVENTS.has(event.type)) return { duplicate: false as const, ignored: true }

    // One invoice's events take turns too: a slow read of it while open must not land after the
    // read that found it paid. (Locks are taken invoice, then subscription, then company.)
    if (event.invoiceId) await lock(tx, `billing:invoice:${event.invoiceId}`)
    const fetchedInvoice = event.invoiceId ? await provider.fetchInvoice(event.invoiceId) : null
    const subscriptionId = event.subscriptionId ?? fetchedInvoice?.subscriptionId ?? null
    let companyId = event.companyId
    if (subscriptionId) {
      // One subscription's events take turns, each reading the provider's state after the last.
      await lock(tx, `billing:${subscriptionId}`)
      const remote = await provider.fetchSubscription(subscriptionId)
      if (remote) companyId = (await storeSubscription(tx, provider, remote, event.companyId, now)) ?? companyId
    }
    if (companyId) await tx.update(billingEvent).set({ companyId }).where(eq(billingEvent.id, event.id))
    if (fetchedInvoice && companyId) {
      const values = {
        companyId,
        provider: provider.name,
        providerInvoiceId: fetchedInvoice.id,
        number: fetchedInvoice.number,
        amount: fetchedInvoice.amount,
        currency: fetchedInvoice.currency,
        status: fetchedInvoice.status,
        hostedUrl: fetchedInvoice.hostedUrl,
        pdfUrl: fetchedInvoice.pdfUrl,
        issuedAt: fetchedInvoice.issuedAt,
      }
      await tx
        .insert(invoice)
        .values(values)
        .onConflictDoUpdate({
          target: invoice.providerInvoiceId,
          set: {
            status: values.status,
            amount: values.amount,
            hostedUrl: values.hostedUrl,
            pdfUrl: values.pdfUrl,
            number: values.number,
          },
        })
    }
    if (!companyId) logger.warn({ eventId: event.id, type: event.type }, 'billing event names no company')
    return { duplicate: false as const, companyId }
  })
}

/** Upserts the company's subscription from the provider's copy; answers the company it belongs to. */
async function storeSubscription(
  tx: Transaction,
  provider: PaymentProvider,
  remote: ProviderSubscription,
  eventCompanyId: string | null,
  now: Date,
) {
  const [known] = await tx
    .select({ companyId: subscription.companyId })
    .from(subscription)
    .where(eq(subscription.subscriptionId, remote.id))
  const companyId = remote.companyId ?? eventCompanyId ?? known?.companyId ?? null
  if (!companyId || !remote.plan) return companyId
  // A company's subscriptions take turns as well: the old one's end and the new one's start,
  // processed at once, would otherwise each decide from a row the other is about to replace.
  await lock(tx, `billing:company:${companyId}`)
  const [current] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId))
  // A company that moved to a new subscription keeps it when an old one's last events arrive.
  if (current && current.subscriptionId !== remote.id && LIVE.has(current.status) && !LIVE.has(remote.status))
    return companyId
  const values = {
    companyId,
    provider: provider.name,
    customerId: remote.customerId,
    subscriptionId: remote.id,
    plan: remote.plan,
    status: remote.status,
    currency: remote.currency,
    unitAmount: remote.unitAmount,
    currentPeriodEnd: remote.currentPeriodEnd,
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    // The grace period runs from the first failed renewal, not from each retry's event.
    pastDueSince:
      remote.status === 'past_due'
        ? current?.subscriptionId === remote.id && current.pastDueSince
          ? current.pastDueSince
          : now
        : null,
    billingEmail: remote.billingEmail ?? current?.billingEmail ?? null,
    updatedAt: now,
  }
  await tx.insert(subscription).values(values).onConflictDoUpdate({ target: subscription.companyId, set: values })
  await syncCompanyPlan(tx, companyId, now)
  return companyId
}

/** A lock held until the transaction ends, for events that must not interleave. */
async function lock(tx: Transaction, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}
