import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { apiKey, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { hashApiKey } from '#app/features/api/server/api-key-secret.server'

/**
 * The live key a request presents and its company, or null (unknown, revoked). Read before
 * any company is known, hence outside the tenant fence; the match is on the hash alone.
 */
export async function findLiveApiKey(key: string) {
  const [row] = await withSystem((tx) =>
    tx
      .select({
        id: apiKey.id,
        name: apiKey.name,
        scopes: apiKey.scopes,
        rateLimitPerMinute: apiKey.rateLimitPerMinute,
        company: {
          id: organization.id,
          name: organization.name,
          slug: organization.slug,
          logo: organization.logo,
          plan: organization.plan,
          planValidUntil: organization.planValidUntil,
        },
      })
      .from(apiKey)
      .innerJoin(organization, eq(organization.id, apiKey.companyId))
      .where(and(eq(apiKey.keyHash, hashApiKey(key)), isNull(apiKey.revokedAt))),
  )
  return row ?? null
}

/** Last used, kept to the minute: a busy key does not rewrite its row on every request. */
export async function markApiKeyUsed(keyId: string, now = new Date()) {
  await withSystem((tx) =>
    tx
      .update(apiKey)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKey.id, keyId),
          or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, new Date(now.getTime() - 60_000))),
        ),
      ),
  )
}
