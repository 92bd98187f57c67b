import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { refreshSession } from '#app/access/auth.server'
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '#app/lib/errors'
import type { Route } from './+types/session-activity'

// The admin's activity ping: slides the session's idle expiry and renews its cookie.
export async function action({ request }: Route.ActionArgs) {
  try {
    const { session: auth, headers } = await refreshSession(request)
    if (!auth) return Response.json({ active: false }, { status: 401 })
    await recordAuditEvent({
      category: 'session_activity',
      action: 'session.activity',
      actorUserId: auth.user.id,
      companyId: auth.session.activeOrganizationId ?? null,
      recordId: auth.session.id,
    })
    headers.set('Cache-Control', 'no-store')
    return Response.json({ active: true, expiresAt: auth.session.expiresAt }, { headers })
  } catch (error) {
    // The database away for a moment: the page pings again later; the session is neither ended nor lost.
    if (!isDatabaseUnavailable(error)) throw error
    return Response.json(
      { active: null, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
      {
        status: 503,
        headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
      },
    )
  }
}
