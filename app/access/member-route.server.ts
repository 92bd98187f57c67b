import { redirect } from 'react-router'
import type { Permission } from '#app/features/members/permissions'
import { AppError, toHttpError } from '#app/lib/errors'
import type { AuthSession } from './auth.server'
import type { MemberContext, OperatorContext } from './context'
import { requireOperator } from './operator.server'
import { requireMember, requireUser } from './tenant.server'
import { requireEntitlement, type GatedFeature } from '#app/features/billing/entitlements'

/*
 * The one place where the tenant guard's errors become HTTP for the admin's pages: signed out
 * → the sign-in screen and back, no company yet → onboarding, any other AppError → its status
 * with an i18n-keyed payload for the error boundary. Every admin loader and action is written as
 * `withActor({ kind: 'person' }, (member, args) => …)`.
 */

/** Better Auth's session cookie (cookiePrefix `afterglow`, with or without the secure prefix). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?afterglow\.session_token=/

/** The browser sent a session the server no longer accepts (revoked elsewhere, expired, tampered). */
export function carriesSessionCookie(request: Request) {
  return SESSION_COOKIE.test(request.headers.get('cookie') ?? '')
}

/** The page answer to an error thrown by the guard or a use-case; anything else passes through. */
export function toPageError(error: unknown, request: Request) {
  if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
    const url = new URL(request.url)
    // A session cookie the server no longer accepts: the sign-in screen also clears what this
    // browser kept (the spec's forced logout).
    const forced = carriesSessionCookie(request) ? '&forced=1' : ''
    return redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}${forced}`)
  }
  if (error instanceof AppError && error.code === 'NO_COMPANY') return redirect('/onboarding')
  return toHttpError(error)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The route's id segments (`:contentItemId`, `:eventId`…) are ids or name nothing: a 404 before any query. */
function assertIdParams(params: unknown) {
  if (typeof params !== 'object' || params === null) return
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Id') && typeof value === 'string' && !UUID.test(value))
      throw new AppError('NOT_FOUND', 'errors.notFound.title')
  }
}

/**
 * Who a route is for: a member of the company (with `plan`, under a plan that includes the
 * feature), any signed-in person (onboarding, invitations, company or not), or the platform
 * operator. What a member may do is checked once, by the use-case the route runs (its declared
 * need, `needs()` in context.ts); `permission` is only for a page that shows a use-case's form
 * without running it (`permission: createEvent.need`).
 */
export type ActorNeed =
  | { kind: 'person'; permission?: Permission; plan?: { feature: GatedFeature; messageKey: string } }
  | { kind: 'signed-in' }
  | { kind: 'operator' }

/** The context a route's handler receives for its need. */
export type ContextFor<N extends ActorNeed> = N extends { kind: 'person' }
  ? MemberContext
  : N extends { kind: 'operator' }
    ? OperatorContext
    : AuthSession

async function contextFor(need: ActorNeed, args: { request: Request; params?: unknown }) {
  if (need.kind === 'signed-in') return requireUser(args.request)
  if (need.kind === 'operator') return requireOperator(args.request)
  const member = await requireMember(args.request, need.permission)
  assertIdParams(args.params)
  if (need.plan) requireEntitlement(member.entitlements, need.plan.feature, need.plan.messageKey)
  return member
}

/**
 * The one wrapper of every admin, console and account route's loader and action: it builds the
 * caller's context for `need` (or answers as the guard's errors say: the sign-in screen,
 * onboarding, a refusal) and hands it to `handler`, whose own AppErrors are answered alike.
 */
export function withActor<N extends ActorNeed, Args extends { request: Request }, Result>(
  need: N,
  handler: (context: ContextFor<N>, args: Args) => Promise<Result>,
) {
  return async (args: Args): Promise<Result> => {
    try {
      const context = (await contextFor(need, args as Args & { params?: unknown })) as ContextFor<N>
      return await handler(context, args)
    } catch (error) {
      throw toPageError(error, args.request)
    }
  }
}
