import { count, eq, sum } from 'drizzle-orm'
import { contentItem, lead } from '#db/schema'
import type { MemberContext } from '#app/lib/tenant.server'

export type DashboardTotals = { content: number; published: number; downloads: number; leads: number }

/** The four headline numbers of the company's dashboard, fenced to its rows. */
export async function getDashboardTotals(member: MemberContext): Promise<DashboardTotals> {
  return member.withTenant(async (tx) => {
    const [contentRow] = await tx
      .select({ content: count(), downloads: sum(contentItem.downloadCount) })
      .from(contentItem)
    const [publishedRow] = await tx.select({ published: count() }).from(contentItem).where(eq(contentItem.status, 'published'))
    const [leadRow] = await tx.select({ leads: count() }).from(lead)
    return {
      content: contentRow.content,
      published: publishedRow.published,
      downloads: Number(contentRow.downloads ?? 0),
      leads: leadRow.leads,
    }
  })
}
