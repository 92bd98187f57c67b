import { randomUUID } from 'node:crypto'
import { asPlatform } from '#app/access/tenant.server'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import {
  analyticsLike,
  analyticsSalt,
  formSubmission,
  lead,
  outboxMail,
  rateLimit,
  session,
  user,
  verification,
} from '#db/schema'
import { bufferEvents, flushEvents } from '#app/features/analytics/server/event-buffer.server'
import { listPartitions } from '#app/features/analytics/server/event-partitions.server'
import { retentionPeriods, type RetentionPeriod } from '#app/features/privacy/retention-periods'
import { applyRetention } from '#app/features/privacy/server/apply-retention.server'
import { withSystem } from '#app/lib/db.server'
import { getEnv } from '#app/lib/env.server'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { rawEventCount } from '../support/analytics'

/*
 * The policies' promises kept: every period of the retention table is applied by the daily job,
 * and the policy pages print the same table. The data is dated in 2020 and the job is run "then",
 * so the rest of the shared test database (all of it newer) is out of the job's reach.
 */

const T0 = new Date('2020-03-10T12:00:00Z')
const MINUTE = 60_000
const periods = retentionPeriods(getEnv().ANALYTICS_RETENTION_MONTHS)

/** `at` moved on by `kept`, plus `deltaMs` (months by calendar: T0's day exists in every month). */
function after(kept: RetentionPeriod, deltaMs: number, at = T0) {
  const moved = new Date(at)
  if (kept.unit === 'months') moved.setUTCMonth(moved.getUTCMonth() + kept.amount)
  else
    moved.setTime(
      moved.getTime() + kept.amount * { minutes: MINUTE, hours: 60 * MINUTE, days: 1440 * MINUTE }[kept.unit],
    )
  return new Date(moved.getTime() + deltaMs)
}

const days = (n: number) => n * 1440 * MINUTE

describe('retention', () => {
  let companyId: string
  let companySlug: string
  let userId: string
  const ids = {
    contact: randomUUID(),
    interestHandled: randomUUID(),
    newsletter: randomUUID(),
    laterContact: randomUUID(),
    oldMail: randomUUID(),
    newerMail: randomUUID(),
    endedSession: randomUUID(),
    laterSession: randomUUID(),
    oldToken: randomUUID(),
    counter: randomUUID(),
    lead: randomUUID(),
  }
  const consentedVisitor = `c:${randomUUID()}`
  const cookielessVisitor = `d:${randomUUID()}`

  beforeAll(async () => {
    const admin = await createCompanyAdmin('retention')
    companyId = admin.company.id
    companySlug = admin.company.slug
    const [row] = await withSystem((tx) =>
      tx.select({ id: user.id }).from(user).where(eq(user.email, admin.credentials.email)),
    )
    userId = row.id
    await withSystem(async (tx) => {
      await tx.insert(formSubmission).values([
        {
          id: ids.contact,
          kind: 'contact',
          name: 'Ana',
          email: 'ana@example.com',
          message: 'Hello',
          language: 'en',
          createdAt: T0,
        },
        {
          id: ids.interestHandled,
          kind: 'interest',
          email: 'bo@example.com',
          language: 'pt',
          createdAt: T0,
          handledAt: new Date(T0.getTime() + days(60)),
        },
        { id: ids.newsletter, kind: 'newsletter', email: 'cy@example.com', language: 'fr', createdAt: T0 },
        {
          id: ids.laterContact,
          kind: 'contact',
          name: 'Di',
          email: 'di@example.com',
          message: 'Later',
          language: 'es',
          createdAt: new Date(T0.getTime() + days(10)),
        },
      ])
      await tx.insert(outboxMail).values([
        { id: ids.oldMail, to: 'ana@example.com', subject: 'Old', text: 'old', html: '<p>old</p>', createdAt: T0 },
        {
          id: ids.newerMail,
          to: 'ana@example.com',
          subject: 'Newer',
          text: 'newer',
          html: '<p>newer</p>',
          createdAt: new Date(T0.getTime() + days(5)),
        },
      ])
      await tx.insert(session).values([
        {
          id: ids.endedSession,
          token: randomUUID(),
          userId,
          expiresAt: T0,
          ipAddress: '198.51.100.7',
          userAgent: 'old browser',
        },
        {
          id: ids.laterSession,
          token: randomUUID(),
          userId,
          expiresAt: new Date(T0.getTime() + days(3)),
          ipAddress: '198.51.100.8',
        },
      ])
      await tx
        .insert(verification)
        .values({ id: ids.oldToken, identifier: `reset-password:${randomUUID()}`, value: userId, expiresAt: T0 })
      await tx.insert(rateLimit).values({
        id: ids.counter,
        key: `198.51.100.7/sign-in/email/${randomUUID()}`,
        count: 3,
        lastRequest: T0.getTime(),
      })
      await tx.insert(lead).values({
        id: ids.lead,
        companyId,
        fullName: 'Fan Of Old',
        email: 'fan@example.com',
        privacyAcceptedAt: T0,
        dataProcessingConsent: true,
        marketingConsent: true,
        policyVersion: '1.0',
        language: 'en',
        createdAt: T0,
      })
      await tx.insert(analyticsSalt).values({ day: '2020-03-10', salt: 'retention-test-salt', createdAt: T0 })
      await tx.insert(analyticsLike).values([
        { companyId, target: `item:${randomUUID()}`, visitor: consentedVisitor, liked: true, updatedAt: T0 },
        {
          companyId,
          target: `item:${randomUUID()}`,
          visitor: cookielessVisitor,
          liked: true,
          updatedAt: new Date('2020-03-10T00:00:00Z'),
        },
      ])
    })
    const base = {
      companyId,
      visitor: consentedVisitor,
      contentItemId: null,
      assetId: null,
      eventId: null,
      fromSeconds: null,
      toSeconds: null,
      durationSeconds: null,
    }
    bufferEvents([{ ...base, occurredAt: T0, type: 'page_view', detail: 'landing' }])
    await flushEvents()
  })

  const submissions = async () =>
    (
      await withSystem((tx) =>
        tx
          .select({ id: formSubmission.id })
          .from(formSubmission)
          .where(inArray(formSubmission.id, Object.values(ids))),
      )
    )
      .map((row) => row.id)
      .sort()
  const mails = async () =>
    (
      await withSystem((tx) =>
        tx
          .select({ id: outboxMail.id })
          .from(outboxMail)
          .where(inArray(outboxMail.id, [ids.oldMail, ids.newerMail])),
      )
    ).map((row) => row.id)
  const sessions = async () =>
    (
      await withSystem((tx) =>
        tx
          .select({ id: session.id })
          .from(session)
          .where(inArray(session.id, [ids.endedSession, ids.laterSession])),
      )
    ).map((row) => row.id)
  const has = async (table: typeof verification | typeof rateLimit | typeof lead, id: string) =>
    (await withSystem((tx) => tx.select({ id: table.id }).from(table).where(eq(table.id, id)))).length === 1
  const salt = async () =>
    (
      await withSystem((tx) =>
        tx.execute<{ day: string }>(sql`select day::text from analytics_salts where day = '2020-03-10'`),
      )
    ).rows.length === 1
  const likes = async () =>
    (
      await withSystem((tx) =>
        tx.select({ visitor: analyticsLike.visitor }).from(analyticsLike).where(eq(analyticsLike.companyId, companyId)),
      )
    )
      .map((row) => row.visitor)
      .sort()

  it('deletes sign-in counters a minute after the last attempt', async () => {
    await applyRetention(asPlatform('test'), { now: after(periods.signInCounters, -1000) })
    expect(await has(rateLimit, ids.counter)).toBe(true)
    await applyRetention(asPlatform('test'), { now: after(periods.signInCounters, 1000) })
    expect(await has(rateLimit, ids.counter)).toBe(false)
  })

  it('deletes the record of an ended session and expired sign-in links a day after they end', async () => {
    await applyRetention(asPlatform('test'), { now: after(periods.endedSessions, -MINUTE) })
    expect(await sessions()).toEqual(expect.arrayContaining([ids.endedSession, ids.laterSession]))
    expect(await has(verification, ids.oldToken)).toBe(true)
    await applyRetention(asPlatform('test'), { now: after(periods.endedSessions, MINUTE) })
    expect(await sessions()).toEqual([ids.laterSession])
    expect(await has(verification, ids.oldToken)).toBe(false)
  })

  it('deletes the day salt of cookieless visitor ids, and their likes, after 48 hours', async () => {
    // The salt of a day counts from the day's start: the 10th's lives until the 12th begins.
    const dayStart = new Date('2020-03-10T00:00:00Z')
    await applyRetention(asPlatform('test'), { now: after(periods.analyticsSalt, -MINUTE, dayStart) })
    expect(await salt()).toBe(true)
    await applyRetention(asPlatform('test'), { now: after(periods.analyticsSalt, MINUTE, dayStart) })
    expect(await salt()).toBe(false)
    expect(await likes()).toEqual([consentedVisitor])
  })

  it('deletes kept mails after the log period', async () => {
    await applyRetention(asPlatform('test'), { now: after(periods.logs, -MINUTE) })
    expect((await mails()).sort()).toEqual([ids.oldMail, ids.newerMail].sort())
    await applyRetention(asPlatform('test'), { now: after(periods.logs, MINUTE) })
    expect(await mails()).toEqual([ids.newerMail])
  })

  it('drops raw analytics events and consented likes by month past the analytics retention', async () => {
    expect(await listPartitions()).toContain('2020-03')
    expect(await rawEventCount(companyId)).toBe(1)
    // A month goes whole, once its last day is past the retention.
    const monthEnd = new Date('2020-04-01T00:00:00Z')
    await applyRetention(asPlatform('test'), { now: after(periods.analyticsEvents, -MINUTE, monthEnd) })
    expect(await listPartitions()).toContain('2020-03')
    expect(await rawEventCount(companyId)).toBe(1)
    expect(await likes()).toEqual([]) // the consented like, unchanged since T0, went at T0 + the retention
    await applyRetention(asPlatform('test'), { now: after(periods.analyticsEvents, MINUTE, monthEnd) })
    expect(await listPartitions()).not.toContain('2020-03')
    expect(await rawEventCount(companyId)).toBe(0)
  })

  it('deletes contact messages and interest registrations 24 months after the last exchange, never the newsletter', async () => {
    await applyRetention(asPlatform('test'), { now: after(periods.websiteMessages, -MINUTE) })
    expect(await submissions()).toEqual([ids.contact, ids.interestHandled, ids.newsletter, ids.laterContact].sort())
    await applyRetention(asPlatform('test'), { now: after(periods.websiteMessages, MINUTE) })
    // The handled registration counts from its answer, the later message from its own date.
    expect(await submissions()).toEqual([ids.interestHandled, ids.newsletter, ids.laterContact].sort())
    await applyRetention(asPlatform('test'), { now: after(periods.websiteMessages, days(60) + MINUTE) })
    expect(await submissions()).toEqual([ids.newsletter].sort())
  })

  it('keeps what the company decides on: leads with their consent records stay, whatever the date', async () => {
    await applyRetention(asPlatform('test'), { now: new Date(T0.getTime() + days(3650)) })
    expect(await has(lead, ids.lead)).toBe(true)
    const [kept] = await withSystem((tx) =>
      tx
        .select({ privacyAcceptedAt: lead.privacyAcceptedAt, marketingConsent: lead.marketingConsent })
        .from(lead)
        .where(eq(lead.id, ids.lead)),
    )
    expect(kept).toEqual({ privacyAcceptedAt: T0, marketingConsent: true })
    expect(await submissions()).toEqual([ids.newsletter])
  })

  it('prints the same periods on the policy pages', async () => {
    const visitor = new TestClient()
    const privacy = await visitor.request('/privacy', { headers: { 'accept-language': 'en' } })
    expect(privacy.status).toBe(200)
    expect(privacy.text).toContain(`Deleted ${periods.websiteMessages.amount} months after our last exchange with you.`)
    expect(privacy.text).toContain(`${periods.logs.amount} days, then deleted.`)
    expect(privacy.text).toContain(`is deleted ${periods.endedSessions.amount} day later.`)
    expect(privacy.text).toContain(
      `we delete it, with its files and backups, ${periods.closedAccounts.amount} days later (until then it can be reopened).`,
    )
    const notice = await visitor.request(`/${companySlug}/privacidade`, { headers: { 'accept-language': 'pt' } })
    expect(notice.status).toBe(200)
    expect(notice.text).toContain(
      `é excluída após ${periods.analyticsSalt.amount} horas, e cada visita contada após ${periods.analyticsEvents.amount} meses`,
    )
    expect(notice.text).toContain(`mantidos por ${periods.logs.amount} dias`)
  })
})
