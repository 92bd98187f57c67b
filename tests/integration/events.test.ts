import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contentItem, event, member as memberTable, user } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createVerifiedUser, signIn } from '../support/fixtures'

const eventIdFrom = (location: unknown) => String(location).split('/').pop()!

describe('events in the admin', () => {
  it('prompts for a first event, validates the form, keeps addresses unique and stores the wall-clock time', async () => {
    const admin = await createCompanyAdmin('events')
    const list = await admin.client.get('/admin/events')
    expect(list.text).toContain('Create your first event')
    const invalid = await admin.client.postForm('/admin/events/new', { title: '', slug: 'Bad Slug', spots: 'many' })
    expect(invalid.status).toBe(400)
    for (const message of [
      'Title is required',
      'Use lower-case letters, numbers and single hyphens only',
      'Enter a whole number',
    ])
      expect(invalid.text).toContain(message)

    const created = await admin.client.postForm('/admin/events/new', {
      title: 'Lisbon Night',
      slug: 'lisbon-night',
      startsAt: '2026-12-31T21:30',
      venue: 'Coliseu',
      location: 'Lisbon',
      spots: '1200',
      isFree: 'on',
    })
    expect(created.status).toBe(302)
    const [row] = await withSystem((tx) =>
      tx
        .select()
        .from(event)
        .where(eq(event.id, eventIdFrom(created.headers.location))),
    )
    expect(row).toMatchObject({
      title: 'Lisbon Night',
      slug: 'lisbon-night',
      status: 'draft',
      spots: 1200,
      isFree: true,
      venue: 'Coliseu',
    })
    expect(row.startsAt?.toISOString()).toBe('2026-12-31T21:30:00.000Z')
    const duplicate = await admin.client.postForm('/admin/events/new', { title: 'Again', slug: 'lisbon-night' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.text).toContain('Another event already uses this address.')
  })

  it('attaches galleries, publishes and cancels, and deleting the event keeps its galleries', async () => {
    const admin = await createCompanyAdmin('attach')
    const eventId = eventIdFrom(
      (await admin.client.postForm('/admin/events/new', { title: 'Porto', slug: 'porto' })).headers.location,
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Porto photos' })
        .returning(),
    )
    expect(
      (await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'attach', contentItemId: gallery.id })).status,
    ).toBe(200)
    expect((await admin.client.get(`/admin/events/${eventId}`)).text).toContain('Porto photos')
    for (const status of ['published', 'cancelled']) {
      expect((await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'status', status })).status).toBe(200)
      const [row] = await withSystem((tx) =>
        tx.select({ status: event.status }).from(event).where(eq(event.id, eventId)),
      )
      expect(row.status).toBe(status)
    }
    expect((await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'delete' })).status).toBe(302)
    const [kept] = await withSystem((tx) => tx.select().from(contentItem).where(eq(contentItem.id, gallery.id)))
    expect(kept.eventId).toBeNull()
  })

  it('keeps the order chosen for what is attached, and refuses an order that is not exactly what is attached', async () => {
    const admin = await createCompanyAdmin('event-order')
    const other = await createCompanyAdmin('event-order-other')
    const eventId = eventIdFrom(
      (await admin.client.postForm('/admin/events/new', { title: 'Faro', slug: 'faro' })).headers.location,
    )
    const items = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values(['C', 'A', 'B'].map((title) => ({ companyId: admin.company.id, kind: 'gallery', title })))
        .returning(),
    )
    const [stranger] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: other.company.id, kind: 'gallery', title: 'Elsewhere' }).returning(),
    )
    for (const item of items)
      expect(
        (await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'attach', contentItemId: item.id })).status,
      ).toBe(200)
    const places = async () =>
      (
        await withSystem((tx) =>
          tx
            .select({ title: contentItem.title, place: contentItem.eventPosition })
            .from(contentItem)
            .where(eq(contentItem.eventId, eventId)),
        )
      )
        .sort((a, b) => a.place! - b.place!)
        .map((row) => row.title)
    // Attached last each time, whatever the titles say.
    expect(await places()).toEqual(['C', 'A', 'B'])
    const [c, a, b] = items.map((item) => item.id)
    expect(
      (await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'reorder', order: [b, c, a].join(',') }))
        .status,
    ).toBe(200)
    expect(await places()).toEqual(['B', 'C', 'A'])

    for (const order of [
      [b, c],
      [b, c, a, a],
      [b, c, stranger.id],
      [b, c, 'not-an-id'],
    ]) {
      const refused = await admin.client.postForm(`/admin/events/${eventId}`, {
        intent: 'reorder',
        order: order.join(','),
      })
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(await places()).toEqual(['B', 'C', 'A'])
    }
    const conflict = await admin.client.postForm(`/admin/events/${eventId}`, {
      intent: 'reorder',
      order: [a, b].join(','),
    })
    // The answer names the message the page toasts in the admin's language.
    expect(conflict.status).toBe(409)
    expect(conflict.text).toContain('events.errors.orderChanged')
    // Another company cannot order this event's content.
    expect(
      (await other.client.postForm(`/admin/events/${eventId}`, { intent: 'reorder', order: [a, b, c].join(',') }))
        .status,
    ).toBe(404)
    expect(await places()).toEqual(['B', 'C', 'A'])
    // Detached, it has no place; attached again, it goes last.
    expect(
      (await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'detach', contentItemId: b })).status,
    ).toBe(200)
    expect(
      (await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'attach', contentItemId: b })).status,
    ).toBe(200)
    expect(await places()).toEqual(['C', 'A', 'B'])
  })

  it('lets users look but not manage, and keeps companies apart', async () => {
    const admin = await createCompanyAdmin('owner-ev')
    const eventId = eventIdFrom(
      (await admin.client.postForm('/admin/events/new', { title: 'Braga', slug: 'braga' })).headers.location,
    )
    const account = await createVerifiedUser()
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, account.email))
    await getDb()
      .insert(memberTable)
      .values({ id: crypto.randomUUID(), organizationId: admin.company.id, userId: row.id, role: 'user' })
    const staff = new TestClient()
    await signIn(staff, account)
    expect((await staff.get(`/admin/events/${eventId}`)).status).toBe(200)
    expect((await staff.get('/admin/events/new')).status).toBe(403)
    expect((await staff.postForm(`/admin/events/${eventId}`, { intent: 'status', status: 'published' })).status).toBe(
      403,
    )

    const other = await createCompanyAdmin('other-ev')
    const [theirGallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: other.company.id, kind: 'gallery', title: 'Theirs' }).returning(),
    )
    expect((await other.client.get(`/admin/events/${eventId}`)).status).toBe(404)
    expect(
      (await other.client.postForm(`/admin/events/${eventId}`, { intent: 'attach', contentItemId: theirGallery.id }))
        .status,
    ).toBe(404)
    expect(
      (await admin.client.postForm(`/admin/events/${eventId}`, { intent: 'attach', contentItemId: theirGallery.id }))
        .status,
    ).toBe(404)
    const [untouched] = await withSystem((tx) =>
      tx.select().from(contentItem).where(eq(contentItem.id, theirGallery.id)),
    )
    expect(untouched.eventId).toBeNull()
  })
})
