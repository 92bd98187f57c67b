import { and, asc, eq, inArray } from 'drizzle-orm'
import { asset, contentItem, event } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'

/**
 * A gallery's set-list as the panel edits it, the show's start of its event (when it has one),
 * and the capture facts of its photos and videos, for the chapter preview.
 */
export async function getSetlistForEdit(context: TenantContext, contentItemId: string) {
  return context.withTenant(async (tx) => {
    const [item] = await tx
      .select({
        id: contentItem.id,
        kind: contentItem.kind,
        status: contentItem.status,
        setlist: contentItem.setlist,
        eventTitle: event.title,
        eventStartsAt: event.startsAt,
      })
      .from(contentItem)
      .leftJoin(event, eq(event.id, contentItem.eventId))
      .where(and(eq(contentItem.id, contentItemId), eq(contentItem.companyId, context.company.id)))
    if (!item) throw new AppError('NOT_FOUND', 'content.errors.notFound')
    const items =
      item.kind === 'gallery'
        ? await tx
            .select({
              id: asset.id,
              name: asset.originalName,
              mediaType: asset.mediaType,
              capturedAt: asset.capturedAt,
              captureOffsetMinutes: asset.captureOffsetMinutes,
            })
            .from(asset)
            .where(
              and(
                eq(asset.contentItemId, item.id),
                eq(asset.companyId, context.company.id),
                inArray(asset.mediaType, ['image', 'video']),
              ),
            )
            .orderBy(asc(asset.position), asc(asset.createdAt))
        : []
    return { ...item, items }
  })
}

export type SetlistForEdit = Awaited<ReturnType<typeof getSetlistForEdit>>
