import { auditEvent } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import { ZAuditEventInput, type TAuditEventInput } from '../audit.schema'

/**
 * Appends to the audit trail. An audit failure never breaks the user's action: it is logged.
 */
export async function recordAuditEvent(input: TAuditEventInput) {
  try {
    const event = ZAuditEventInput.parse(input)
    await withSystem((tx) => tx.insert(auditEvent).values(event))
  } catch (error) {
    logger.error({ err: error, category: input.category, action: input.action }, 'audit event not recorded')
  }
}
