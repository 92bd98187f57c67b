import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lead } from '#db/schema'
import { MAX_EVENTS_PER_BATCH } from '#app/features/analytics/analytics-events'
import { withSystem } from '#app/lib/db.server'
import { BROWSER_UA, rawEventCount, waitForRawEvents } from '../support/analytics'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient, type HttpResponse } from '../support/http-client'
import { createLeadGatedDownload } from '../support/lead-gated-download'

/*
 * Issue 43, item 7 (floods): one address floods the lead form and another floods /api/events
 * while fans browse, leave their details and send their events beside them. Every lead and every
 * event the app acknowledged (303, 202) is in the database afterwards, nothing it refused is,
 * every fan's page answered, and the flood's refusals after the first were the small fixed ones.
 */

/** A refusal the server answered itself, never a page. */
const SMALL = 1500
const FANS = 12
const LEAD_FLOOD = 120
const EVENT_FLOOD = 40

/** Runs `count` tasks at most `parallel` at a time. */
async function inTurn<T>(count: number, parallel: number, task: (i: number) => Promise<T>) {
  const results: T[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++
        results[i] = await task(i)
      }
    }),
  )
  return results
}

describe('a flood beside fans', () => {
  it('loses no acknowledged lead or event, keeps nothing it refused, and answers every fan', async () => {
    const admin = await createCompanyAdmin('flood-beside')
    const { page, formPath, leadForm } = await createLeadGatedDownload(admin.company)
    const batch = (events: number) =>
      JSON.stringify({
        company: admin.company.id,
        events: Array.from({ length: events }, () => ({ type: 'page_view', page: 'landing' })),
      })
    const sendEvents = (client: TestClient, body: string, userAgent = BROWSER_UA) =>
      client.request('/api/events', { raw: body, headers: { 'content-type': 'text/plain', 'user-agent': userAgent } })

    const acknowledgedLeads: string[] = []
    let acknowledgedEvents = 0
    const countEvents = (response: HttpResponse) => {
      if (response.status === 202) acknowledgedEvents += response.json<{ accepted: number }>().accepted
      return response
    }

    // The floods: one address posts the lead form as fast as it is answered, another its events.
    const leadFlooder = new TestClient()
    const eventFlooder = new TestClient()
    const leadFlood = inTurn(LEAD_FLOOD, 4, async (i) => {
      const form = leadForm(`flood${i}`)
      const response = await leadFlooder.postForm(formPath, form)
      if (response.status === 303) acknowledgedLeads.push(form.email)
      return response
    })
    const eventFlood = inTurn(EVENT_FLOOD, 4, async () =>
      countEvents(await sendEvents(eventFlooder, batch(MAX_EVENTS_PER_BATCH))),
    )
    // The fans, each at their own address: the page, their details, their events.
    const fans = inTurn(FANS, 4, async (i) => {
      const fan = new TestClient()
      const shown = await fan.get(page)
      const form = leadForm(`fan${i}`)
      const left = await fan.postForm(formPath, form)
      if (left.status === 303) acknowledgedLeads.push(form.email)
      const sent = countEvents(await sendEvents(fan, batch(3), `${BROWSER_UA} Fan/${i}`))
      return { shown: shown.status, left: left.status, sent: sent.status }
    })
    const [leadAnswers, eventAnswers, fanAnswers] = await Promise.all([leadFlood, eventFlood, fans])

    // Every fan was answered and taken.
    expect(fanAnswers).toEqual(Array.from({ length: FANS }, () => ({ shown: 200, left: 303, sent: 202 })))
    // Each flood was refused, and after its first refusals only with the small fixed answer.
    const leadRefusals = leadAnswers.filter((response) => response.status === 429)
    expect(leadRefusals.length).toBeGreaterThan(LEAD_FLOOD / 2)
    expect(leadRefusals.filter((response) => Buffer.byteLength(response.text) >= SMALL).length).toBeLessThanOrEqual(4)
    const eventRefusals = eventAnswers.filter((response) => response.status === 429)
    expect(eventRefusals.length).toBeGreaterThan(EVENT_FLOOD / 2)
    // As many as were in flight when the first refusal came (4 at a time) were refused by the route itself.
    expect(
      eventRefusals.filter((response) => response.headers['content-type'] !== 'application/problem+json').length,
    ).toBeLessThanOrEqual(4)

    // Every acknowledged lead is kept, and nothing refused is.
    const stored = await withSystem((tx) =>
      tx.select({ email: lead.email }).from(lead).where(eq(lead.companyId, admin.company.id)),
    )
    expect(stored.map((row) => row.email).sort()).toEqual([...acknowledgedLeads].sort())
    // Every acknowledged event is written (the buffer flushes each second), and no more.
    expect(acknowledgedEvents).toBeGreaterThan(FANS * 3)
    await waitForRawEvents(admin.company.id, acknowledgedEvents)
    expect(await rawEventCount(admin.company.id)).toBe(acknowledgedEvents)
  })
})
