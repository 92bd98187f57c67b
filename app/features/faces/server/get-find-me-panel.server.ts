import { and, desc, eq, sql } from 'drizzle-orm'
import { asset, contentItem, findMeRemovalRequest, findMeSearch, organization } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import type { FindMePanelState } from '../find-me'

/** A gallery's Find me as its editor shows it: the switch, the index's progress, fans' searches and their "remove me" requests. */
export async function getFindMePanel(context: TenantContext, galleryId: string): Promise<FindMePanelState> {
  const companyId = context.company.id
  return context.withTenant(async (tx) => {
    const [item] = await tx
      .select({
        findMe: contentItem.findMe,
        acknowledgedAt: sql<Date | null>`(select ${organization.findMeAcknowledgedAt} from ${organization} where ${organization.id} = ${companyId})`,
      })
      .from(contentItem)
      .where(and(eq(contentItem.id, galleryId), eq(contentItem.companyId, companyId), eq(contentItem.kind, 'gallery')))
    if (!item) throw new AppError('NOT_FOUND', 'content.errors.notFound')
    const [progress] = await tx
      .select({
        photos: sql<number>`count(*)::int`,
        indexed: sql<number>`count(${asset.facesIndexedAt})::int`,
        faces: sql<number>`coalesce(sum(${asset.facesFound}), 0)::int`,
        skipped: sql<number>`coalesce(sum(${asset.facesSkipped}), 0)::int`,
      })
      .from(asset)
      .where(
        and(
          eq(asset.contentItemId, galleryId),
          eq(asset.purpose, 'gallery-media'),
          eq(asset.mediaType, 'image'),
          eq(asset.processingStatus, 'ready'),
        ),
      )
    const [searches] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        withMatch: sql<number>`count(*) filter (where cardinality(${findMeSearch.assetIds}) > 0)::int`,
        downloads: sql<number>`coalesce(sum(${findMeSearch.downloads}), 0)::int`,
      })
      .from(findMeSearch)
      .where(eq(findMeSearch.contentItemId, galleryId))
    const requests = await tx
      .select({
        id: findMeRemovalRequest.id,
        createdAt: findMeRemovalRequest.createdAt,
        photos: sql<number>`cardinality(${findMeRemovalRequest.assetIds})`,
        email: findMeRemovalRequest.email,
        message: findMeRemovalRequest.message,
      })
      .from(findMeRemovalRequest)
      .where(and(eq(findMeRemovalRequest.contentItemId, galleryId), eq(findMeRemovalRequest.status, 'open')))
      .orderBy(desc(findMeRemovalRequest.createdAt))
      .limit(50)
    return {
      allowed: context.entitlements.findMe,
      enabled: item.findMe,
      acknowledged: Boolean(item.acknowledgedAt),
      photos: progress?.photos ?? 0,
      indexed: progress?.indexed ?? 0,
      faces: progress?.faces ?? 0,
      skipped: progress?.skipped ?? 0,
      searches: searches?.all ?? 0,
      searchesWithMatch: searches?.withMatch ?? 0,
      downloads: searches?.downloads ?? 0,
      removalRequests: requests.map((request) => ({
        ...request,
        createdAt: request.createdAt.toISOString(),
        photos: Number(request.photos),
      })),
    }
  })
}
