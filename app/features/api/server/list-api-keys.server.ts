import { desc, eq } from 'drizzle-orm'
import { apiKey } from '#db/schema'
import { needs, actorCan, type TenantContext } from '#app/access/context'

/** The company's keys, newest first, without their hashes; whether the plan lets them work. */
export const listApiKeys = needs('api.manage', async function listApiKeys(context: TenantContext) {
  const keys = await context.withTenant((tx) =>
    tx
      .select({
        id: apiKey.id,
        name: apiKey.name,
        prefix: apiKey.prefix,
        scopes: apiKey.scopes,
        createdAt: apiKey.createdAt,
        lastUsedAt: apiKey.lastUsedAt,
        revokedAt: apiKey.revokedAt,
      })
      .from(apiKey)
      .where(eq(apiKey.companyId, context.company.id))
      .orderBy(desc(apiKey.createdAt)),
  )
  return { allowed: context.entitlements.apiAccess, canManage: actorCan(context, 'api.manage'), keys }
})
