import { AppError } from '#app/lib/errors'
import { actorCan, type TenantContext } from '#app/access/context'

/** Every settings page is readable by the team; only admins change anything (spec section 6). */
export function assertCanEditSettings(context: TenantContext) {
  if (!actorCan(context, 'company.manage')) throw new AppError('FORBIDDEN', 'settings.errors.adminOnly')
}
