import { redirect } from 'react-router'
import type { Permission } from '#app/features/members/permissions'
import { AppError, toHttpError } from '#app/lib/errors'
import type { MemberContext } from './context'
import { requireMember } from './tenant.server'

/*
 * The one place where the tenant guard's errors become HTTP for the admin's pages: signed out
 * → the sign-in screen and back, no company yet → onboarding, any other AppError → its status
 * with an i18n-keyed payload for the error boundary. Every admin loader and action is written as
 * `withMember(permission, (member, args) => …)`.
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

/** A loader or action that runs only for members allowed `permission`, with their context. */
export function withMember<Args extends { request: Request }, Result>(
  permission: Permission,
  handler: (member: MemberContext, args: Args) => Promise<Result>,
) {
  return async (args: Args): Promise<Result> => {
    try {
      const member = await requireMember(args.request, permission)
      assertIdParams((args as { params?: unknown }).params)
      return await handler(member, args)
    } catch (error) {
      throw toPageError(error, args.request)
    }
  }
}

/** A loader or action for any signed-in person (onboarding, invitations), company or not. */
export function withUser<Args extends { request: Request }, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args): Promise<Result> => {
    try {
      return await handler(args)
    } catch (error) {
      throw toPageError(error, args.request)
    }
  }
}
