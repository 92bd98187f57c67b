import { requirePermission, type TenantContext } from '#app/access/context'

/** Every settings page is readable by the team; only admins change anything (spec section 6). */
export function assertCanEditSettings(context: TenantContext) {
  requirePermission(context, 'company.manage', 'settings.errors.adminOnly')
}
