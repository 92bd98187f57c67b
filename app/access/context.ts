import type { Entitlements } from '#app/features/billing/entitlements'
import type { BrandingVariables } from '#app/features/companies/branding'
import type { PageTemplate } from '#app/features/companies/page-template'
import type { CompanyAddress } from '#app/features/sharing/server/public-url.server'
import { can, type Permission, type Role } from '#app/features/members/permissions'
import { scopeForPermission, type ApiScope } from '#app/features/api/api-keys.schema'
import type { Database, Transaction } from '#app/lib/db.server'
import type { Language } from '#app/lib/i18n'
import type { RateLimitDecision } from '#app/lib/rate-limit.server'
import type { Auth, AuthSession } from './auth.server'
import type { PUBLIC_COMPANY_COLUMNS, PublicCompanyRow } from './public-visitor.server'
import type { Visit } from './visit.server'
import { AppError } from '#app/lib/errors'

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
  /**
   * Reads of this company's own records in the platform's tables, which no tenant fence covers
   * (its companies row, its members and invitations): one statement each, no transaction. Each
   * read names the company itself (`context.company.id`).
   */
  companyRecords: <T>(read: (db: Database) => Promise<T>) => Promise<T>
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

/**
 * Refuses an actor who may not do this: FORBIDDEN with the use-case's message (a key is told
 * which scope it lacks). The one permission check a request meets, made by the use-case it runs.
 */
export function requirePermission(context: TenantContext, permission: Permission, messageKey = 'errors.forbidden') {
  if (actorCan(context, permission)) return
  const { actor } = context
  if (actor.kind === 'api-key')
    throw new AppError('FORBIDDEN', 'api.errors.scope', { scope: scopeForPermission(permission) })
  throw new AppError('FORBIDDEN', messageKey, {
    role: actor.kind === 'person' ? actor.role : actor.kind,
    companyId: context.company.id,
    status: 'insufficient_role',
  })
}

/**
 * A use-case with its declared need: `export const findLeads = needs('leads.read', async (context, …) => …)`.
 * The permission is checked here, whichever door the caller came through (an admin's page, an
 * API key, a job), and read from `.need` by a page that shows the use-case's form before it runs.
 */
export function needs<C extends TenantContext, A extends unknown[], R>(
  permission: Permission,
  run: (context: C, ...args: A) => Promise<R>,
  messageKey = 'errors.forbidden',
) {
  const guarded = async (context: C, ...args: A): Promise<R> => {
    requirePermission(context, permission, messageKey)
    return run(context, ...args)
  }
  return Object.assign(guarded, { need: permission })
}

/** The user behind an action, for "created by" columns and the audit trail; null for keys and jobs. */
export function actorUserId(context: TenantContext) {
  return context.actor.kind === 'person' ? context.actor.userId : null
}

/** An API key's context: the tenant context plus the key's rate-limit standing (for `RateLimit-*` headers). */
export type ApiKeyContext = TenantContext<ApiKeyActor> & { rateLimit: Extract<RateLimitDecision, { allowed: true }> }

/** The platform operator (OPERATOR_EMAILS): a platform-level role, not a company's; built by operator.server.ts. */
export type OperatorContext = {
  user: AuthSession['user']
  session: AuthSession['session']
  /** Runs the console's reads and decisions across every company (row-level security set aside). */
  platform: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
}

export type PublicCompany = {
  id: string
  name: string
  slug: string
  /** A same-origin image path, shown only when the plan includes custom branding. */
  logo: string | null
  /** CSS variables of the company's colours on its canvas; null without custom branding. */
  branding: BrandingVariables | null
  /** How its pages look: the company's template where the plan includes it, else the default. */
  template: PageTemplate
  /** Starter pages carry a small "Powered by Afterglow" badge; paid plans do not. */
  showPlatformBadge: boolean
  /** The platform's own site (pricing, contact, sign-in), which may be another host than this page's. */
  platformUrl: string
}

/** Where a fan goes back to from a page that does not exist: the company's home, else the platform's. */
export type NotFoundDetails = { home?: string; companyName?: string }

/**
 * A fan's request for one company's pages: the company as its pages show it, what its plan
 * allows, where its links start (`/{slug}` on the platform, '' on its own host), and the two
 * ways its use-cases reach the database.
 */
export type PublicContext = {
  company: PublicCompany
  entitlements: Entitlements
  basePath: string
  /** Where its pages live for everyone (link previews), read with the company. */
  address: CompanyAddress
  /** What fans see of the company moved when one of these did (migration 0008): a key for what is kept. */
  versions: { edits: number; media: number }
  /** Whether fans' new comments wait for the company's review (read with the company: one round trip fewer). */
  commentsModerated: boolean
  /** Fans' reads: only this company's published rows get through (row-level security). */
  read: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
  /** What a fan leaves with the company (a view, a download, their details), in its tenant fence. */
  record: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
  /** Reads of the company's own row in the platform's tables (its landing's settings): one statement, no transaction. */
  companyRecords: <T>(read: (db: Database) => Promise<T>) => Promise<T>
}

/**
 * How a fans' use-case that finds its company only by what it reads (a download named by a
 * file's id, on the platform's host) reads the company with it and opens the company's context:
 * handed by its route (`PUBLIC_DOOR`), as every other context is.
 */
export type PublicDoor = {
  columns: typeof PUBLIC_COMPANY_COLUMNS
  open: (row: PublicCompanyRow, visit: Pick<Visit, 'host'>) => PublicContext
}

/**
 * Several reads of one page in one read-only transaction: the use-cases `work` calls read through
 * the context it is given, which joins this transaction instead of opening one each (a begin,
 * its fence and a commit: three round trips to the database fewer per use-case).
 */
export function readTogether<T>(context: PublicContext, work: (context: PublicContext) => Promise<T>): Promise<T> {
  return context.read((tx) => work({ ...context, read: (inner) => inner(tx) }))
}

/**
 * The sign-in system (Better Auth) acting as the caller: its API and the caller's own request
 * headers (their session cookie), for the use-cases that change accounts, teams and companies
 * through it. Built by `authAs` (auth.server.ts).
 */
export type AuthAsCaller = { api: Auth['api']; headers: Headers }

/**
 * The platform acting across every company for a named sweep (a scheduled job that reads or
 * changes many companies' rows: row-level security set aside). Built by `asPlatform`.
 */
export type PlatformContext = {
  actor: SystemActor
  platform: Fence
}

/**
 * Where a use-case shared by a company's request and a platform sweep runs its statements: the
 * company's tenant fence (`context.withTenant`) or the platform's reach (`sweep.platform`).
 */
export type Fence = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>

/**
 * A visitor of the platform's own site (its interest, contact and newsletter forms): what they
 * leave is the platform's, no company's. Built by `siteVisitorOf` (site-visitor.server.ts).
 */
export type SiteContext = {
  language: Language
  clientAddress: string
  /** The site's own tables (form submissions): no tenant fence covers them. */
  siteRecords: <T>(work: (db: Database) => Promise<T>) => Promise<T>
}
