import { z } from 'zod'
import { RETENTION_PERIODS, retentionEnd } from '#app/features/privacy/retention-periods'

/*
 * Closing a company account (the policies' "after an account is closed, we delete it"): an admin
 * closes it by typing its page address, its fans' pages go offline at once, its paid
 * subscription stops renewing, and the daily retention job deletes it with its files once
 * RETENTION_PERIODS.closedAccounts has passed. Until then an admin can reopen it.
 */

/** The two buttons of /admin/settings/account-closure: the danger section's dialog and the banner's reopen. */
export const ZAccountClosureAction = z.discriminatedUnion('intent', [
  // Any text is taken: what was typed is compared with the address, and a mismatch is said so in words.
  z.object({ intent: z.literal('close'), confirmSlug: z.string().max(200).default('') }),
  z.object({ intent: z.literal('reopen') }),
])
export type TAccountClosureAction = z.infer<typeof ZAccountClosureAction>

/** Whether what the admin typed names this company's page address (spaces around it and capitals forgiven). */
export function confirmsSlug(typed: string, slug: string) {
  return typed.trim().toLowerCase() === slug.toLowerCase()
}

/** When a company closed at `closedAt` is deleted (the retention job's first run after this moment). */
export function accountDeletionDate(closedAt: Date) {
  return retentionEnd(RETENTION_PERIODS.closedAccounts, closedAt)
}

/** Whether an account closed at `closedAt` is past its deletion date at `now`: too late to reopen, the job is deleting it. */
export function isDueForDeletion(closedAt: Date, now: Date) {
  return accountDeletionDate(closedAt).getTime() <= now.getTime()
}
