import { and, eq, inArray } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { PublicContext } from '#app/features/public/server/public-pages.server'
import type { DownloadOffers } from '../downloads'
import { ITEM_COLUMNS, listDownloadEntries } from './find-download.server'
import { zipLength } from './serve-download.server'

/**
 * What a fans' page may offer to download for these published items: whether the company
 * wants fans' details first, and the exact size of each file or ZIP. The same for every fan (the
 * page is cached for all of them): whether this fan already left their details is answered when
 * they start a download. Items with nothing ready to download are left out.
 */
export async function getDownloadOffers(context: PublicContext, contentItemIds: string[]): Promise<DownloadOffers> {
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
  return { privacyHref: `${basePath}/privacidade`, items: offers }
}
