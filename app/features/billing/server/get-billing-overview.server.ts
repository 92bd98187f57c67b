import { and, count, desc, eq, isNotNull, or, sql, sum } from 'drizzle-orm'
import { asset, contentItem, invoice, organization } from '#db/schema'
import { can } from '#app/features/members/permissions'
import { type MemberContext } from '#app/access/context'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { daysLeft, firstChargeAt } from '../effective-plan'
import { MONTHLY_PRICES, PLANS } from '../plans'
import { MANAGED_IN_PORTAL } from '../subscription-states'
import { readCompanyBilling } from './get-subscription-status.server'
import { paymentProviderName } from './payment-provider.server'

/**
 * What the subscription page shows: the plan in effect and why, the trial, the paid subscription,
 * and usage against the plan. A person viewing it is a reading of subscription data: audited.
 */
export async function getBillingOverview(member: MemberContext, now = new Date()) {
  const billing = await readCompanyBilling(member, now)
  await recordAuditEvent({
    category: 'subscription_data_access',
    action: 'billing.subscription.check',
    companyId: member.company.id,
    actorUserId: member.actor.userId,
    tableName: 'subscriptions',
    recordId: member.company.id,
  })
  const { effective, subscription } = billing
  const limits = PLANS[effective.plan]
  const usage = await member.withTenant(async (tx) => {
    const [storage] = await tx
      .select({ used: sum(asset.sizeBytes) })
      .from(asset)
      .where(eq(asset.companyId, member.company.id))
    // The event with the most photos, against the plan's photos per event.
    const [busiest] = await tx
      .select({ photos: count() })
      .from(asset)
      .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
      .where(
        and(
          eq(asset.companyId, member.company.id),
          isNotNull(contentItem.eventId),
          eq(asset.mediaType, 'image'),
          eq(asset.purpose, 'gallery-media'),
        ),
      )
      .groupBy(contentItem.eventId)
      .orderBy(desc(sql`count(*)`))
      .limit(1)
    const invoices = await tx
      .select({
        id: invoice.id,
        number: invoice.number,
        amount: invoice.amount,
        currency: invoice.currency,
        status: invoice.status,
        hostedUrl: invoice.hostedUrl,
        pdfUrl: invoice.pdfUrl,
        issuedAt: invoice.issuedAt,
      })
      .from(invoice)
      .where(eq(invoice.companyId, member.company.id))
      .orderBy(desc(invoice.issuedAt))
      .limit(24)
    return { storageUsedBytes: Number(storage?.used ?? 0), busiestEventPhotos: busiest?.photos ?? 0, invoices }
  })
  // The account's brands, whoever looks: the account's company and those it covers (not the viewer's own companies).
  const brands = await member.companyRecords(async (db) => {
    const [own] = await db
      .select({ parent: organization.parentCompanyId })
      .from(organization)
      .where(eq(organization.id, member.company.id))
    const account = own?.parent ?? member.company.id
    const [row] = await db
      .select({ brands: count() })
      .from(organization)
      .where(or(eq(organization.id, account), eq(organization.parentCompanyId, account)))
    return row?.brands ?? 1
  })
  return {
    companyName: member.company.name,
    canManage: can(member.actor.role, 'billing.manage'),
    plan: effective.plan,
    source: effective.source,
    validUntil: effective.validUntil?.toISOString() ?? null,
    trial: {
      available: !billing.trialStartedAt && effective.source === 'free',
      endsAt: billing.trialEndsAt?.toISOString() ?? null,
      daysLeft: effective.source === 'trial' ? daysLeft(billing.trialEndsAt, now) : 0,
      /** A plan bought now is first charged then (the trial's days are kept); null: at once. */
      firstChargeAt:
        effective.source === 'trial' ? (firstChargeAt(billing.trialEndsAt, now)?.toISOString() ?? null) : null,
    },
    subscription: subscription
      ? {
          status: subscription.status,
          plan: subscription.plan,
          currency: subscription.currency,
          unitAmount: subscription.unitAmount,
          currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          billingEmail: subscription.billingEmail,
        }
      : null,
    usage: {
      storage: { used: usage.storageUsedBytes, limit: limits.storageBytes },
      photosPerEvent: {
        used: usage.busiestEventPhotos,
        limit: Number.isFinite(limits.photosPerEvent) ? limits.photosPerEvent : null,
      },
      brands: { used: brands, limit: Number.isFinite(limits.brandsPerAccount) ? limits.brandsPerAccount : null },
    },
    prices: MONTHLY_PRICES,
    invoices: usage.invoices.map((item) => ({ ...item, issuedAt: item.issuedAt.toISOString() })),
    /** The portal is for a company whose subscription lives at the provider in use. */
    hasPortal: Boolean(subscription && subscription.provider === paymentProviderName()),
    /** A subscription to manage in the portal, rather than a plan to buy. */
    subscribed: Boolean(subscription && MANAGED_IN_PORTAL.has(subscription.status)),
  }
}

export type BillingOverview = Awaited<ReturnType<typeof getBillingOverview>>
