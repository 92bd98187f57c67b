import { requireEntitlement } from '#app/features/billing/entitlements'
import { assertCanEditSettings } from '#app/features/companies/server/settings-access.server'
import type { TenantContext } from '#app/access/context'

/** Changing webhooks: an admin (settings rule) of a company whose plan has the API (Enterprise). */
export function assertCanManageWebhooks(context: TenantContext) {
  assertCanEditSettings(context)
  requireEntitlement(context.entitlements, 'apiAccess', 'webhooks.errors.plan')
}
