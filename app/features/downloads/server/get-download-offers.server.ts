import { and, eq, inArray } from 'drizzle-orm'
import { contentItem, organization } from '#db/schema'
import { findKnownLead } from '#app/features/leads/server/lead-cookie.server'
import { withTenant } from '#app/lib/db.server'
import type { DownloadOffers } from '../downloads'
import { ITEM_COLUMNS, listDownloadEntries } from './find-download.server'
import { zipLength } from './serve-download.server'

/**
 * What a fans' page may offer to download for these published items: whether the company
 * wants the fan's details first (and already has them), and the exact size of each file or ZIP.
 * Items with nothing ready to download are left out.
 */
export async function getDownloadOffers(request: Request, company: { id: string }, basePath: string, contentItemIds: string[]): Promise<DownloadOffers> {
  return withTenant(company.id, async (tx) => {
    const [{ plan }] = await tx.select({ plan: organization.plan }).from(organization).where(eq(organization.id, company.id))
    const items =
      contentItemIds.length === 0
        ? []
        : await tx
            .select(ITEM_COLUMNS)
            .from(contentItem)
            .where(and(eq(contentItem.companyId, company.id), eq(contentItem.status, 'published'), inArray(contentItem.id, contentItemIds)))
    const entries = await listDownloadEntries(tx, items, plan)
    const offers: DownloadOffers['items'] = {}
    for (const item of items) {
      const files = entries.get(item.id) ?? []
      if (files.length === 0) continue
      const whole = item.kind === 'gallery'
      offers[item.id] = {
        requireLead: item.requireLead,
        fileCount: files.length,
        sizeBytes: whole ? zipLength(files) : files[0].sizeBytes,
        quality: files.some((file) => file.quality === 'web') ? 'web' : 'original',
      }
    }
    return { leadKnown: Boolean(await findKnownLead(tx, request, company.id)), privacyHref: `${basePath}/privacidade`, items: offers }
  })
}
