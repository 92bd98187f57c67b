import { and, eq, inArray } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { findKnownLead } from '#app/features/leads/server/lead-cookie.server'
import type { PublicContext } from '#app/features/public/server/public-pages.server'
import type { Visit } from '#app/lib/visit.server'
import type { DownloadOffers } from '../downloads'
import { ITEM_COLUMNS, listDownloadEntries } from './find-download.server'
import { zipLength } from './serve-download.server'

/**
 * What a fans' page may offer to download for these published items: whether the company
 * wants the fan's details first (and already has them), and the exact size of each file or ZIP.
 * Items with nothing ready to download are left out.
 */
export async function getDownloadOffers(context: PublicContext, visit: Pick<Visit, 'cookies'>, contentItemIds: string[]): Promise<DownloadOffers> {
  const { company, basePath } = context
  const items = await context.read(async (tx) => {
    const found =
      contentItemIds.length === 0
        ? []
        : await tx
            .select(ITEM_COLUMNS)
            .from(contentItem)
            .where(and(eq(contentItem.companyId, company.id), eq(contentItem.status, 'published'), inArray(contentItem.id, contentItemIds)))
    return { found, entries: await listDownloadEntries(tx, found, context.entitlements) }
  })
  const offers: DownloadOffers['items'] = {}
  for (const item of items.found) {
    const files = items.entries.get(item.id) ?? []
    if (files.length === 0) continue
    const whole = item.kind === 'gallery'
    offers[item.id] = {
      requireLead: item.requireLead,
      fileCount: files.length,
      sizeBytes: whole ? zipLength(files) : files[0].sizeBytes,
      quality: files.some((file) => file.quality === 'web') ? 'web' : 'original',
    }
  }
  const leadKnown = Boolean(await findKnownLead(context.record, visit.cookies, company.id))
  return { leadKnown, privacyHref: `${basePath}/privacidade`, items: offers }
}
