import { and, eq } from 'drizzle-orm'
import { asset, organization } from '#db/schema'
import { removeStoredFiles } from '#app/features/media/server/remove-stored-files.server'
import type { TenantContext } from '#app/access/context'
import { assertCanEditSettings } from './settings-access.server'

/** Back to the default hero (the latest gallery's cover): the company's own image is deleted. */
export async function removeLandingHero(context: TenantContext) {
  assertCanEditSettings(context)
  const removed = await context.withTenant(async (tx) => {
    await tx.update(organization).set({ heroAssetId: null }).where(eq(organization.id, context.company.id))
    return tx
      .delete(asset)
      .where(and(eq(asset.companyId, context.company.id), eq(asset.purpose, 'hero')))
      .returning({ id: asset.id })
  })
  if (removed.length > 0)
    await removeStoredFiles(
      context.company.id,
      removed.map((row) => row.id),
    )
}
