import { createHmac, randomBytes } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import { analyticsSalt } from '#db/schema'
import { RETENTION_PERIODS, retentionHours } from '#app/features/privacy/retention-periods'
import { getSessionSecret } from '#app/lib/session-secret.server'
import { withSystem } from '#app/lib/db.server'
import { VISITOR_COOKIE_PATTERN } from '../analytics-events'

/*
 * Who a fan is, for counting only (ADR 040). Without consent: a keyed hash of address, browser and
 * company under a random salt of the day, kept in the database so every process agrees, and
 * deleted after 48 h; after that nobody, the platform included, can tell which address an id
 * came from or link two days of one fan. With analytics consent the page keeps a random cookie,
 * and the id is a keyed hash of it (stable across days). Neither the address nor the cookie is stored.
 */

/** How long a day's salt lives: the day it was made for, and the one after (late events of that day). */
export const SALT_LIFETIME_HOURS = retentionHours(RETENTION_PERIODS.analyticsSalt)

type Salt = { day: string; salt: string }
const SALT_KEY = Symbol.for('afterglow.analytics-salt')
type GlobalWithSalt = typeof globalThis & { [SALT_KEY]?: Salt }

export function utcDay(at: Date) {
  return at.toISOString().slice(0, 10)
}

/** The salt of `at`'s UTC day: made by the first process that needs it, read by the others. */
export async function saltOf(at: Date = new Date()): Promise<string> {
  const day = utcDay(at)
  const store = globalThis as GlobalWithSalt
  const kept = store[SALT_KEY]
  if (kept?.day === day) return kept.salt
  const salt = await withSystem(async (tx) => {
    await tx
      .insert(analyticsSalt)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
    const [row] = await tx
      .select({ salt: analyticsSalt.salt })
      .from(analyticsSalt)
      .where(sql`${analyticsSalt.day} = ${day}`)
    return row.salt
  })
  store[SALT_KEY] = { day, salt }
  return salt
}

/** Deletes salts older than 48 h (a job): ids made with them can no longer be made again. */
export async function deleteExpiredSalts(now: Date = new Date()) {
  const cutoff = utcDay(new Date(now.getTime() - SALT_LIFETIME_HOURS * 3600_000))
  const store = globalThis as GlobalWithSalt
  if (store[SALT_KEY] && store[SALT_KEY].day <= cutoff) delete store[SALT_KEY]
  return withSystem((tx) =>
    tx
      .delete(analyticsSalt)
      .where(lt(analyticsSalt.day, sql`${cutoff}::date + 1`))
      .returning({ day: analyticsSalt.day }),
  )
}

const digest = (key: string | Buffer, parts: string[]) =>
  createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url').slice(0, 22)

let cookieKey: Buffer | null = null

/**
 * The visitor id of a request to `companyId`'s pages: `c:` from the consented cookie, else `d:`
 * from the day's salt. Distinct per company, so ids cannot follow a fan from one company to another.
 */
export async function visitorIdOf(
  companyId: string,
  request: { ipAddress: string | null; userAgent: string | null; visitorCookie: string | null },
  at: Date = new Date(),
) {
  if (request.visitorCookie && VISITOR_COOKIE_PATTERN.test(request.visitorCookie)) {
    cookieKey ??= createHmac('sha256', getSessionSecret()).update('afterglow:analytics-visitor:v1').digest()
    return `c:${digest(cookieKey, [companyId, request.visitorCookie])}`
  }
  return `d:${digest(await saltOf(at), [companyId, request.ipAddress ?? '', request.userAgent ?? ''])}`
}
