import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvent, lead } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { apiRequest, createKeyThroughPage, putOnPlan } from '../support/api'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'

/*
 * Events, leads and analytics through /api/v1: the editor's rules, the Leads screen's filters,
 * erasure and export (audited), the Analytics figures, each fenced to the key's company.
 */

let companyId: string
let key: string
let otherKey: string
let readOnly: string
const script = () => new TestClient()

beforeAll(async () => {
  const admin = await createCompanyAdmin('api-res')
  companyId = admin.company.id
  await putOnPlan(companyId, 'enterprise')
  key = await createKeyThroughPage(admin.client, 'Everything', {
    content: 'write',
    events: 'write',
    leads: 'write',
    analytics: 'read',
  })
  readOnly = await createKeyThroughPage(admin.client, 'Readers', { events: 'read', leads: 'read' })
  const other = await createCompanyAdmin('api-res-other')
  await putOnPlan(other.company.id, 'enterprise')
  otherKey = await createKeyThroughPage(other.client, 'Other', { events: 'write', leads: 'write' })
})

describe('events', () => {
  it('creates, reads, updates with If-Match, attaches a gallery, publishes and deletes an event', async () => {
    const created = await apiRequest(script(), key, '/events', {
      json: {
        title: 'Lisbon, night two',
        slug: 'lisbon-night-two',
        startsAt: '2026-07-18T21:00',
        spots: 300,
        isFree: false,
      },
    })
    expect(created.status).toBe(201)
    const event = created.json()
    expect(event).toMatchObject({
      title: 'Lisbon, night two',
      slug: 'lisbon-night-two',
      startsAt: '2026-07-18T21:00',
      spots: 300,
      isFree: false,
      status: 'draft',
      contentIds: [],
    })
    const taken = await apiRequest(script(), key, '/events', { json: { title: 'Again', slug: 'lisbon-night-two' } })
    expect(taken.status).toBe(409)
    const invalid = await apiRequest(script(), key, '/events', {
      json: { title: 'Bad date', slug: 'bad-date', startsAt: 'tomorrow' },
    })
    expect(invalid.status).toBe(400)

    const read = await apiRequest(script(), key, `/events/${event.id}`)
    const updated = await apiRequest(script(), key, `/events/${event.id}`, {
      method: 'PATCH',
      json: { venue: 'Coliseu' },
      headers: { 'if-match': String(read.headers.etag) },
    })
    expect(updated.status).toBe(200)
    expect(updated.json()).toMatchObject({ venue: 'Coliseu', title: 'Lisbon, night two', spots: 300 })
    expect(
      (
        await apiRequest(script(), key, `/events/${event.id}`, {
          method: 'PATCH',
          json: { venue: 'Stale' },
          headers: { 'if-match': String(read.headers.etag) },
        })
      ).status,
    ).toBe(412)

    const gallery = (
      await apiRequest(script(), key, '/content', { json: { kind: 'gallery', title: 'Night two photos' } })
    ).json()
    const attached = await apiRequest(script(), key, `/events/${event.id}/content/${gallery.id}`, { method: 'PUT' })
    expect(attached.status).toBe(200)
    expect(attached.json().contentIds).toEqual([gallery.id])
    expect((await apiRequest(script(), key, `/content/${gallery.id}`)).json().eventId).toBe(event.id)

    // Detached through the item itself, then attached again.
    expect(
      (await apiRequest(script(), key, `/content/${gallery.id}`, { method: 'PATCH', json: { eventId: null } })).json()
        .eventId,
    ).toBeNull()
    expect((await apiRequest(script(), key, `/events/${event.id}`)).json().contentIds).toEqual([])
    await apiRequest(script(), key, `/events/${event.id}/content/${gallery.id}`, { method: 'PUT' })
    expect((await apiRequest(script(), key, `/events/${event.id}/publish`, { method: 'POST' })).json().status).toBe(
      'published',
    )
    const list = (await apiRequest(script(), key, '/events?limit=10')).json()
    expect(list.items.map((item: { id: string }) => item.id)).toContain(event.id)

    // Another company: not found, whatever the verb; a read-only key: refused.
    expect((await apiRequest(script(), otherKey, `/events/${event.id}`)).status).toBe(404)
    expect((await apiRequest(script(), otherKey, `/events/${event.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await apiRequest(script(), readOnly, `/events/${event.id}`)).status).toBe(200)
    expect((await apiRequest(script(), readOnly, `/events/${event.id}`, { method: 'DELETE' })).status).toBe(403)

    expect((await apiRequest(script(), key, `/events/${event.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await apiRequest(script(), key, `/events/${event.id}`)).status).toBe(404)
    expect((await apiRequest(script(), key, `/content/${gallery.id}`)).json().eventId).toBeNull()
  })
})

describe('leads', () => {
  let leadIds: string[] = []
  beforeAll(async () => {
    const rows = await withSystem((tx) =>
      tx
        .insert(lead)
        .values(
          Array.from({ length: 5 }, (_, i) => ({
            companyId,
            fullName: `Fan ${i}`,
            email: `fan${i}@example.test`,
            marketingConsent: i % 2 === 0,
            dataProcessingConsent: true,
            privacyAcceptedAt: new Date(),
            policyVersion: '2026-01',
            createdAt: new Date(Date.now() - (5 - i) * 60_000),
          })),
        )
        .returning({ id: lead.id }),
    )
    leadIds = rows.map((row) => row.id)
  })

  it('lists with filters and a cursor, gets one, exports CSV and erases on request, all audited', async () => {
    const first = (await apiRequest(script(), readOnly, '/leads?limit=2')).json()
    expect(first.items).toHaveLength(2)
    expect(first.total).toBe(5)
    expect(first.items[0].fullName).toBe('Fan 4')
    const second = (await apiRequest(script(), readOnly, `/leads?limit=2&cursor=${first.nextCursor}`)).json()
    expect(second.items.map((item: { fullName: string }) => item.fullName)).toEqual(['Fan 2', 'Fan 1'])
    const marketing = (await apiRequest(script(), readOnly, '/leads?marketing=yes')).json()
    expect(marketing.items.map((item: { fullName: string }) => item.fullName).sort()).toEqual([
      'Fan 0',
      'Fan 2',
      'Fan 4',
    ])
    expect((await apiRequest(script(), readOnly, '/leads?q=fan3%40example')).json().items).toHaveLength(1)

    const one = await apiRequest(script(), readOnly, `/leads/${leadIds[0]}`)
    expect(one.json()).toMatchObject({ fullName: 'Fan 0', policyVersion: '2026-01', dataProcessingConsent: true })
    expect((await apiRequest(script(), otherKey, `/leads/${leadIds[0]}`)).status).toBe(404)

    const csv = await apiRequest(script(), readOnly, '/leads/export.csv?marketing=no', {
      headers: { 'accept-language': 'en' },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.text).toContain('fan1@example.test')
    expect(csv.text).not.toContain('fan0@example.test')

    expect((await apiRequest(script(), readOnly, `/leads/${leadIds[0]}`, { method: 'DELETE' })).status).toBe(403)
    expect((await apiRequest(script(), key, `/leads/${leadIds[0]}`, { method: 'DELETE' })).status).toBe(204)
    expect((await apiRequest(script(), key, `/leads/${leadIds[0]}`)).status).toBe(404)

    const audited = await withSystem((tx) =>
      tx.select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.companyId, companyId)),
    )
    const actions = audited.map((row) => row.action)
    for (const action of ['leads.list', 'leads.export', 'leads.delete']) expect(actions).toContain(action)
  })
})

describe('analytics', () => {
  it('summarises a range by content and by event, and refuses a backwards range', async () => {
    const summary = await apiRequest(script(), key, '/analytics/summary?from=2026-01-01&to=2026-01-31')
    expect(summary.status).toBe(200)
    expect(summary.json()).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      totals: { views: 0, leads: 0 },
      byContent: [],
      byEvent: [],
    })
    const backwards = await apiRequest(script(), key, '/analytics/summary?from=2026-02-01&to=2026-01-01')
    expect(backwards.status).toBe(400)
    expect(backwards.json().errors[0].field).toBe('query.to')
    expect((await apiRequest(script(), readOnly, '/analytics/summary?from=2026-01-01&to=2026-01-31')).status).toBe(403)
  })
})
