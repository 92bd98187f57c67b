import { eq } from 'drizzle-orm'
import { user } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import type { Language } from '#app/lib/i18n'

/**
 * Keeps the interface language a person uses now, for the mails that reach them outside any
 * request of theirs (a trial about to end, a decision on their subdomain).
 */
export async function recordUserLanguage(userId: string, language: Language) {
  await getDb().update(user).set({ language }).where(eq(user.id, userId))
}
