import { eq } from 'drizzle-orm'
import { asset, event } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import { needs, type TenantContext } from '#app/access/context'
import { getEvent } from './get-event.server'

/** Galleries and content keep existing when their event is deleted; they are only detached. */
export const deleteEvent = needs('events.manage', async function deleteEvent(context: TenantContext, eventId: string) {
  const { event: found } = await getEvent(context, eventId)
  await context.withTenant(async (tx) => {
    await tx.delete(event).where(eq(event.id, eventId))
    if (found.coverAssetId) await tx.delete(asset).where(eq(asset.id, found.coverAssetId))
  })
  if (found.coverAssetId) await removeStoredFiles(context.company.id, [found.coverAssetId])
})
