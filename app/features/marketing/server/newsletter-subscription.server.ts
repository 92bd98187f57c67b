import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { formSubmission } from '#db/schema'
import type { SiteContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import type { Language } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'
import { actionMail, type Mail } from '#app/lib/mail.server'
import { hasValidSignature, signValue } from '#app/lib/signed-token.server'

/*
 * The privacy policy keeps a newsletter address "until you unsubscribe": each subscriber gets a
 * welcome mail with a link signed for their address, so the link needs no account and cannot be
 * turned against another address. The link opens a page with one button (a POST): mail scanners
 * that open links must not unsubscribe anyone.
 */

const PURPOSE = 'newsletter-unsubscribe:v1'
export const UNSUBSCRIBE_PATH = '/privacy/newsletter'

const ZUnsubscribeLink = z.object({ email: z.string().trim().toLowerCase().email().max(254), sig: z.string().max(128) })

export function unsubscribeUrl(email: string) {
  const query = new URLSearchParams({ email, sig: signValue(PURPOSE, email) })
  return `${getEnv().APP_URL}${UNSUBSCRIBE_PATH}?${query}`
}

/** The address a link stands for, or null when it was not made by us for it. */
export function addressOfLink(input: Record<string, unknown>): string | null {
  const parsed = ZUnsubscribeLink.safeParse(input)
  if (!parsed.success || !hasValidSignature(PURPOSE, parsed.data.email, parsed.data.sig)) return null
  return parsed.data.email
}

export async function isSubscribed(context: SiteContext, email: string) {
  const rows = await context.siteRecords((db) =>
    db
      .select({ id: formSubmission.id })
      .from(formSubmission)
      .where(and(eq(formSubmission.kind, 'newsletter'), eq(formSubmission.email, email)))
      .limit(1),
  )
  return rows.length > 0
}

/** Removes every newsletter sign-up of the address the link was signed for. */
export async function unsubscribeFromNewsletter(
  context: SiteContext,
  input: Record<string, unknown>,
): Promise<{ outcome: 'unsubscribed'; email: string } | { outcome: 'invalid'; email: null }> {
  const email = addressOfLink(input)
  if (!email) return { outcome: 'invalid', email: null }
  await context.siteRecords((db) =>
    db.delete(formSubmission).where(and(eq(formSubmission.kind, 'newsletter'), eq(formSubmission.email, email))),
  )
  return { outcome: 'unsubscribed', email }
}

export function welcomeMail(email: string, language: Language): Mail {
  const t = getFixedT(language)
  return actionMail({
    to: email,
    subject: t('legal.newsletter.mail.subject'),
    greeting: t('legal.newsletter.mail.greeting'),
    body: t('legal.newsletter.mail.body'),
    action: t('legal.newsletter.mail.action'),
    url: unsubscribeUrl(email),
    footer: t('legal.newsletter.mail.footer'),
  })
}
