import { and, count, eq, sum } from 'drizzle-orm'
import { asset, contentItem, lead } from '#db/schema'
import type { PlanId } from '#app/features/billing/plans'
import type { TenantContext } from '#app/access/context'

export type DashboardTotals = {
  content: number
  published: number
  downloads: number
  leads: number
  storageUsedBytes: number
  storageLimitBytes: number
  plan: PlanId
}

/** The four headline numbers of the company's dashboard (filtered here, fenced by RLS too), and its storage under the plan. */
export async function getDashboardTotals(context: TenantContext): Promise<DashboardTotals> {
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const [contentRow] = await tx
      .select({ content: count(), downloads: sum(contentItem.downloadCount) })
      .from(contentItem)
      .where(eq(contentItem.companyId, companyId))
    const [publishedRow] = await tx
      .select({ published: count() })
      .from(contentItem)
      .where(and(eq(contentItem.companyId, companyId), eq(contentItem.status, 'published')))
    const [leadRow] = await tx.select({ leads: count() }).from(lead).where(eq(lead.companyId, companyId))
    const [storageRow] = await tx
      .select({ used: sum(asset.sizeBytes) })
      .from(asset)
      .where(eq(asset.companyId, companyId))
    return {
      content: contentRow.content,
      published: publishedRow.published,
      downloads: Number(contentRow.downloads ?? 0),
      leads: leadRow.leads,
      storageUsedBytes: Number(storageRow.used ?? 0),
      storageLimitBytes: context.entitlements.storageBytes,
      plan: context.entitlements.plan,
    }
  })
}
