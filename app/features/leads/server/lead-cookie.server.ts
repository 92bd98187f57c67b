import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { lead } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { hasValidSignature, signValue } from '#app/lib/signed-token.server'

/*
 * A fan who left their details with a company is not asked again by that company for a year:
 * a cookie per company holds the lead's id, an expiry and an HMAC over both and the company,
 * so it cannot be forged, moved to another company or extended (ADR 018).
 */

export const LEAD_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

// The purpose's version is part of the key: bumping it voids every lead cookie handed out.
const PURPOSE = 'lead-cookie:v1'
const signedPart = (companyId: string, leadId: string, expires: number) => `${companyId}|${leadId}|${expires}`

/** One cookie per company; company ids may hold characters a cookie name must not. */
export function leadCookieName(companyId: string) {
  return `ag_lead_${createHash('sha256').update(companyId).digest('hex').slice(0, 16)}`
}

export function leadCookieValue(companyId: string, leadId: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + LEAD_COOKIE_MAX_AGE_SECONDS
  return `${leadId}.${expires}.${signValue(PURPOSE, signedPart(companyId, leadId, expires))}`
}

export function leadSetCookie(companyId: string, leadId: string, now = Date.now()) {
  const secure = getEnv().APP_URL.startsWith('https:') ? '; Secure' : ''
  return `${leadCookieName(companyId)}=${leadCookieValue(companyId, leadId, now)}; Path=/; Max-Age=${LEAD_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`
}

/** The lead id a cookie value vouches for, or null when it is missing, expired or tampered with. */
export function verifyLeadCookieValue(companyId: string, value: string | undefined, now = Date.now()) {
  const parts = value?.split('.') ?? []
  if (parts.length !== 3) return null
  const [leadId, expiresText, given] = parts
  const expires = Number(expiresText)
  if (!UUID.test(leadId) || !/^\d{1,12}$/.test(expiresText) || expires * 1000 <= now) return null
  return hasValidSignature(PURPOSE, signedPart(companyId, leadId, expires), given) ? leadId : null
}

/**
 * The company's lead this visitor is, if their cookie is genuine and the lead still exists
 * (a lead the company erased no longer counts). The database is asked only when a genuine
 * cookie is there, inside the company's tenant fence (`record`).
 */
export async function findKnownLead(
  record: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>,
  cookies: ReadonlyMap<string, string>,
  companyId: string,
) {
  const leadId = verifyLeadCookieValue(companyId, cookies.get(leadCookieName(companyId)))
  if (!leadId) return null
  const [row] = await record((tx) =>
    tx
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(lead.id, leadId), eq(lead.companyId, companyId))),
  )
  return row?.id ?? null
}
