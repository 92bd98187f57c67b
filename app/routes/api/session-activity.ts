import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { refreshSession } from '#app/access/auth.server'
import type { Route } from './+types/session-activity'

// The admin's activity ping: slides the session's idle expiry and renews its cookie.
export async function action({ request }: Route.ActionArgs) {
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
}
