import type { Entitlements } from '#app/features/billing/entitlements'
import { can, type Permission, type Role } from '#app/features/members/permissions'
import { scopeForPermission, type ApiScope } from '#app/features/api/api-keys.schema'
import type { Transaction } from '#app/lib/db.server'
import type { RateLimitDecision } from '#app/lib/rate-limit.server'
import type { AuthSession } from './auth.server'

/*
 * The request context: who acts (the actor), for which company, under which plan
 * (entitlements), and the one way to reach that company's rows (`withTenant`, fenced by
 * row-level security). Use-cases take a context and their input, return data or throw AppError;
 * they never see a Request or answer with a Response. This file is what features may know of
 * the access module (its types and what an actor may do); the guards that build a context from
 * a session, a key or a job are in tenant.server.ts.
 */

/** A signed-in person acting with their role in the company. */
export type PersonActor = { kind: 'person'; userId: string; role: Role }
/**
 * An API key (the Enterprise API). It acts as a manager would, narrowed by its scopes: never
 * company settings, team or billing, and only the areas it was given.
 */
export type ApiKeyActor = { kind: 'api-key'; keyId: string; name: string; role: Role; scopes: ApiScope[] }

/** The role every key acts with; its scopes narrow it further. */
export const API_KEY_ROLE: Role = 'manager'
/** The platform itself: a background job or an operator action, named for the logs. */
export type SystemActor = { kind: 'system'; reason: string }
export type Actor = PersonActor | ApiKeyActor | SystemActor

export type TenantCompany = { id: string; name: string; slug: string; logo: string | null }

export type TenantContext<A extends Actor = Actor> = {
  actor: A
  company: TenantCompany
  entitlements: Entitlements
  /** Runs tenant-table queries fenced to this company (row-level security). */
  withTenant: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
}

/** A person's context in the admin: the context plus their account and session. */
export type MemberContext = TenantContext<PersonActor> & {
  user: AuthSession['user']
  session: AuthSession['session']
  /** Every company this person belongs to (the admin's brand switcher). */
  memberships: Membership[]
}

export type Membership = {
  companyId: string
  companyName: string
  companySlug: string
  companyLogo: string | null
  plan: string
  planValidUntil: Date | null
  role: Role
}

/** Whether the actor may do this: people by their role, keys by their role and scopes, the platform always. */
export function actorCan(context: TenantContext, permission: Permission) {
  const { actor } = context
  if (actor.kind === 'system') return true
  if (!can(actor.role, permission)) return false
  if (actor.kind === 'person') return true
  const scope = scopeForPermission(permission)
  return scope !== null && actor.scopes.includes(scope)
}

/** The user behind an action, for "created by" columns and the audit trail; null for keys and jobs. */
export function actorUserId(context: TenantContext) {
  return context.actor.kind === 'person' ? context.actor.userId : null
}

/** An API key's context: the tenant context plus the key's rate-limit standing (for `RateLimit-*` headers). */
export type ApiKeyContext = TenantContext<ApiKeyActor> & { rateLimit: Extract<RateLimitDecision, { allowed: true }> }

/** The platform operator (OPERATOR_EMAILS): a platform-level role, not a company's; built by operator.server.ts. */
export type OperatorContext = { user: AuthSession['user']; session: AuthSession['session'] }
