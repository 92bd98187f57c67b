import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { getEntitlements } from '#app/features/billing/entitlements'
import { can, type Permission } from '#app/features/members/permissions'
import { findMemberships } from '#app/access/find-memberships.server'
import { recordUserLanguage } from '#app/access/record-user-language.server'
import { isApiScope, scopeForPermission, type ApiScope } from '#app/features/api/api-keys.schema'
import { findLiveApiKey, markApiKeyUsed } from '#app/access/find-api-key.server'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { requireEntitlement } from '#app/features/billing/entitlements'
import { clientAddress, consumeRateLimit } from '#app/lib/rate-limit.server'
import { knockOfRequest, rememberAt } from '#app/lib/refusal-door.server'
import { API_KEY_DOOR } from '#app/features/api/server/api-key-door.server'
import { getSession, type AuthSession } from './auth.server'
import {
  API_KEY_ROLE,
  type Actor,
  type ApiKeyActor,
  type ApiKeyContext,
  type MemberContext,
  type PlatformContext,
  type SystemActor,
  type TenantCompany,
  type TenantContext,
} from './context'
import { getDb, withSystem, withTenant } from '#app/lib/db.server'
import { AppError, isDatabaseUnavailable } from '#app/lib/errors'
import { detectLanguage } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'
import { withTimeout } from '#app/lib/with-timeout'
import { noteCaller } from '#app/lib/log-context.server'

/*
 * The guards that build a request's context (context.ts). Routes build it through
 * `requireMember` (wrapped by `withActor` in member-route.server.ts, the one place that turns
 * its errors into HTTP), the public API and the upload endpoint through `requireActor` (a person
 * or an API key, whichever the request carries); jobs build one through `asSystem`.
 */

/** How long the admin waits for the user's access profile before saying so. */
export const PROFILE_TIMEOUT_MS = 10_000

/** The signed-in person, or UNAUTHENTICATED (pages send them to sign in and back). */
export async function requireUser(request: Request): Promise<AuthSession> {
  const auth = await getSession(request)
  if (!auth) throw new AppError('UNAUTHENTICATED', 'errors.signedOut')
  // A session whose user lacks what every screen relies on: said plainly, never half-rendered.
  if (!auth.user.id || !auth.user.email)
    throw new AppError('INTERNAL', 'errors.incompleteUser', { status: 'incomplete_user' })
  noteCaller({ userId: auth.user.id })
  return auth
}

function tenantContext<A extends Actor>(
  actor: A,
  company: TenantCompany,
  plan: { plan: string; planValidUntil: Date | null },
): TenantContext<A> {
  // The request's access line says whom it acted for (ids only).
  noteCaller({
    companyId: company.id,
    userId: actor.kind === 'person' ? actor.userId : undefined,
    apiKeyId: actor.kind === 'api-key' ? actor.keyId : undefined,
  })
  return {
    actor,
    company,
    entitlements: getEntitlements(plan),
    withTenant: (work) => withTenant(company.id, work),
    companyRecords: (read) => read(getDb()),
  }
}

/**
 * The tenant guard. Every admin loader and action starts here: it authenticates, resolves the
 * company from the session, checks the role against `permission` when one is given (a page that
 * shows a use-case's form; the use-cases check their own need), and hands back the member's context. Throws AppError: UNAUTHENTICATED, NO_COMPANY, FORBIDDEN, INTERNAL (timeout).
 */
export async function requireMember(request: Request, permission?: Permission): Promise<MemberContext> {
  const auth = await requireUser(request)
  const memberships = await withTimeout(
    findMemberships(auth.user.id).catch((error: unknown) => {
      // The database away for a moment: said as such (503 with Retry-After), not as a failure.
      if (isDatabaseUnavailable(error)) throw error
      // The spec's "Error loading profile: …", with the database's own code (never its message).
      throw new AppError('INTERNAL', 'errors.profileLoad', {
        reason: (error as { code?: string }).code ?? 'unknown',
        status: 'profile_load_failed',
      })
    }),
    PROFILE_TIMEOUT_MS,
    () => new AppError('INTERNAL', 'admin.error.profileTimeout'),
  )
  if (memberships.length === 0) throw new AppError('NO_COMPANY', 'errors.forbidden')
  const wanted = auth.session.activeOrganizationId
  const membership = wanted ? memberships.find((m) => m.companyId === wanted) : memberships[0]
  if (!membership) {
    // The session points at a company this user does not belong to (any more).
    throw new AppError('FORBIDDEN', 'errors.forbidden', { companyId: wanted, status: 'not_a_member' })
  }
  if (permission && !can(membership.role, permission)) {
    throw new AppError('FORBIDDEN', 'errors.forbidden', {
      role: membership.role,
      companyId: membership.companyId,
      status: 'insufficient_role',
    })
  }
  // The language they work in now, kept for the mails that reach them later (changed rarely: written only then).
  const language = detectLanguage(request)
  if (auth.user.language !== language) await recordUserLanguage(auth.user.id, language)
  const company = {
    id: membership.companyId,
    name: membership.companyName,
    slug: membership.companySlug,
    logo: membership.companyLogo,
  }
  const context = tenantContext({ kind: 'person', userId: auth.user.id, role: membership.role }, company, membership)
  return { ...context, user: auth.user, session: auth.session, memberships }
}

/**
 * The platform acting for one company (a background job, an operator's action): the only way
 * code outside a request reaches a company's rows. Every use is logged with its reason. Null
 * when the company no longer exists (a job queued before it was deleted has nothing to do).
 */
export async function asSystem(companyId: string, reason: string): Promise<TenantContext<SystemActor> | null> {
  const [row] = await getDb()
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      plan: organization.plan,
      planValidUntil: organization.planValidUntil,
    })
    .from(organization)
    .where(eq(organization.id, companyId))
  if (!row) return null
  logger.debug({ companyId, reason }, 'system context')
  return tenantContext({ kind: 'system', reason }, { id: row.id, name: row.name, slug: row.slug, logo: row.logo }, row)
}

/**
 * The tenant guard for a request made with an API key (`Authorization: Bearer ag_live_…`): the
 * same context a person gets, with the key as the actor. In order: a missing or unknown/revoked
 * key → UNAUTHENTICATED; a plan without API access → PAYMENT_REQUIRED (the plan that has it);
 * past the key's requests per minute → RATE_LIMITED (details.retryAfterSeconds); a scope the key
 * lacks → FORBIDDEN (details.scope). Every identified use is written to the audit log.
 */
export async function requireApiKey(
  request: Request,
  permission: Permission,
  scope: ApiScope | null = scopeForPermission(permission),
): Promise<ApiKeyContext> {
  const presented = bearerApiKey(request)
  if (!presented) throw new AppError('UNAUTHENTICATED', 'api.errors.missingKey')
  const key = await findLiveApiKey(presented)
  if (!key) throw new AppError('UNAUTHENTICATED', 'api.errors.badKey')
  const url = new URL(request.url)
  const outcome = (status: string) =>
    recordAuditEvent({
      category: 'api_access',
      action: 'api-key.use',
      companyId: key.company.id,
      tableName: 'api_keys',
      recordId: key.id,
      details: { keyName: key.name, method: request.method, path: url.pathname, outcome: status },
      ipAddress: clientAddress(request) || null,
      userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
    })
  const { company: row } = key
  const actor: ApiKeyActor = {
    kind: 'api-key',
    keyId: key.id,
    name: key.name,
    role: API_KEY_ROLE,
    scopes: key.scopes.filter(isApiScope),
  }
  const context = tenantContext(actor, { id: row.id, name: row.name, slug: row.slug, logo: row.logo }, row)
  try {
    requireEntitlement(context.entitlements, 'apiAccess', 'api.errors.plan')
    const rateLimit = await consumeRateLimit(
      { bucket: 'api-key', max: key.rateLimitPerMinute, windowSeconds: 60 },
      key.id,
    )
    if (!rateLimit.allowed) {
      // Its next requests are refused before the key is looked up again (server/cheap-refusals.ts).
      rememberAt(API_KEY_DOOR, knockOfRequest(request), rateLimit.retryAfterSeconds)
      throw new AppError('RATE_LIMITED', 'api.errors.rateLimited', {
        retryAfterSeconds: rateLimit.retryAfterSeconds,
        limit: rateLimit.limit,
      })
    }
    if (!can(actor.role, permission) || scope === null || !actor.scopes.includes(scope))
      throw new AppError('FORBIDDEN', 'api.errors.scope', { scope })
    await Promise.all([outcome('allowed'), markApiKeyUsed(key.id)])
    return { ...context, rateLimit }
  } catch (error) {
    await outcome(error instanceof AppError ? error.code : 'error')
    throw error
  }
}

/** A person (session cookie) or an API key (Authorization header), whichever the request carries. */
export async function requireActor(request: Request, permission: Permission): Promise<TenantContext> {
  return bearerApiKey(request) === null ? requireMember(request, permission) : requireApiKey(request, permission)
}

/** `Authorization: Bearer ag_live_…`; null when the request carries no API key at all. */
export function bearerApiKey(request: Request) {
  const header = request.headers.get('authorization')
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : ''
}

/** The platform acting across every company for the sweep named `reason` (logged with it). */
export function asPlatform(reason: string): PlatformContext {
  logger.debug({ reason }, 'platform context')
  return { actor: { kind: 'system', reason }, platform: withSystem }
}
