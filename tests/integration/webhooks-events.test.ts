import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { asset, contentItem, event, organization, webhookEndpoint } from '#db/schema'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { changeContentStatus } from '#app/features/galleries/server/change-content-status.server'
import { recordDownload } from '#app/features/galleries/downloads/server/record-download.server'
import { changeEventStatus } from '#app/features/events/server/change-event-status.server'
import { captureLead } from '#app/features/leads/server/capture-lead.server'
import type { PublicContext } from '#app/access/context'
import { emitWebhookEvent } from '#app/features/webhooks/server/emit-webhook-event.server'
import { withSystem, withTenant } from '#app/lib/db.server'
import { asSystem } from '#app/access/tenant.server'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { addEndpoint, deliveriesOf, enterpriseAdmin, receiverAndQueueForFile, verifySigned } from '../support/webhooks'
import { waitUntil } from '../support/wait'

const setup = receiverAndQueueForFile()

/** A gallery with one photo and an event, arranged as uploads would leave them. */
async function arrangeGalleryAndEvent(companyId: string) {
  return withSystem(async (tx) => {
    const [gallery] = await tx
      .insert(contentItem)
      .values({ companyId, kind: 'gallery', title: 'Night one' })
      .returning({ id: contentItem.id })
    await tx.insert(asset).values({
      companyId,
      contentItemId: gallery.id,
      purpose: 'gallery-media',
      mediaType: 'image',
      originalName: 'a.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
      storageKey: `test/${randomUUID()}.jpg`,
    })
    const [show] = await tx
      .insert(event)
      .values({ companyId, slug: `show-${randomUUID().slice(0, 6)}`, title: 'Summer show' })
      .returning({ id: event.id })
    return { galleryId: gallery.id, eventId: show.id }
  })
}

describe('webhook endpoints', () => {
  it('are for Enterprise admins: other plans see the upgrade, managers cannot add, bad input is explained', async () => {
    const starter = await createCompanyAdmin('wh-starter')
    const refused = await starter.client.postForm('/admin/settings/webhooks.data', {
      intent: 'add',
      url: 'https://crm.example.com/hook',
      'event:lead.created': 'on',
    })
    expect(refused.status).toBe(402)
    expect(refused.text).toContain('webhooks.errors.plan')
    const page = await starter.client.get('/admin/settings/webhooks')
    expect(page.text).toContain('data-testid="webhooks-upgrade"')
    expect(page.text).toContain('data-testid="webhooks-empty"')

    const admin = await enterpriseAdmin('wh-plan')
    for (const [form, message] of [
      [{ url: 'not a url', 'event:lead.created': 'on' }, 'webhooks.errors.urlInvalid'],
      [{ url: 'ftp://crm.example.com/', 'event:lead.created': 'on' }, 'webhooks.errors.urlInvalid'],
      [{ url: 'https://crm.example.com/hook' }, 'webhooks.errors.eventsRequired'],
      [{ url: 'https://crm.example.com/hook', 'event:lead.deleted': 'on' }, 'webhooks.errors.eventsRequired'],
    ] as const) {
      const bad = await admin.client.postForm('/admin/settings/webhooks.data', { intent: 'add', ...form })
      expect(bad.status, JSON.stringify(form)).toBe(400)
      expect(bad.text).toContain(message)
    }
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    expect(
      (
        await manager.postForm('/admin/settings/webhooks.data', {
          intent: 'add',
          url: 'https://crm.example.com/hook',
          'event:lead.created': 'on',
        })
      ).status,
    ).toBe(403)
    // The team sees the endpoints, never their secrets.
    const endpoint = await addEndpoint(admin.client, admin.company.id, 'https://crm.example.com/hook', ['lead.created'])
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect((await admin.client.get('/admin/settings/webhooks')).text).toContain(endpoint.secret)
    const managerPage = await manager.get('/admin/settings/webhooks')
    expect(managerPage.text).toContain('https://crm.example.com/hook')
    expect(managerPage.text).not.toContain(endpoint.secret)
    // Another company's endpoint is not there to change.
    const other = await enterpriseAdmin('wh-other')
    expect(
      (await other.client.postForm('/admin/settings/webhooks.data', { intent: 'remove', endpointId: endpoint.id }))
        .status,
    ).toBe(404)

    const rotated = await admin.client.postForm('/admin/settings/webhooks.data', {
      intent: 'rotate',
      endpointId: endpoint.id,
    })
    expect(rotated.status).toBe(200)
    const [after] = await withSystem((tx) =>
      tx.select({ secret: webhookEndpoint.secret }).from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id)),
    )
    expect(after.secret).toMatch(/^whsec_/)
    expect(after.secret).not.toBe(endpoint.secret)
    // Its events change; none at all is refused and changes nothing.
    expect(
      (
        await admin.client.postForm('/admin/settings/webhooks.data', {
          intent: 'events',
          endpointId: endpoint.id,
          'event:content.published': 'on',
          'event:lead.created': 'on',
        })
      ).status,
    ).toBe(200)
    const emptied = await admin.client.postForm('/admin/settings/webhooks.data', {
      intent: 'events',
      endpointId: endpoint.id,
    })
    expect(emptied.status).toBe(400)
    expect(emptied.text).toContain('webhooks.errors.eventsRequired')
    const [changed] = await withSystem((tx) =>
      tx.select({ events: webhookEndpoint.events }).from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id)),
    )
    expect(changed.events.sort()).toEqual(['content.published', 'lead.created'])
    expect(
      (await admin.client.postForm('/admin/settings/webhooks.data', { intent: 'remove', endpointId: endpoint.id }))
        .status,
    ).toBe(200)
    expect((await admin.client.get('/admin/settings/webhooks')).text).toContain('data-testid="webhooks-empty"')
  })
})

describe('webhook events', () => {
  it('each use-case tells the endpoint, signed so the Standard Webhooks verifier accepts it', async () => {
    const admin = await enterpriseAdmin('wh-events')
    const companyId = admin.company.id
    const endpoint = await addEndpoint(admin.client, companyId, setup.receiver.url(`/all-${companyId}`))
    const mine = () => setup.receiver.received.filter((request) => request.path === `/all-${companyId}`)
    const context = (await asSystem(companyId, 'test'))!
    // What the fans' page hands these use-cases: the company and its fenced writer (they read only its id).
    const fans = {
      company: context.company,
      record: <T>(work: Parameters<typeof withTenant<T>>[1]) => withTenant(companyId, work),
    } as unknown as Pick<PublicContext, 'company' | 'record'>
    const { galleryId, eventId } = await arrangeGalleryAndEvent(companyId)

    await changeContentStatus(context, [galleryId], 'published')
    await changeEventStatus(context, eventId, 'published')
    const { leadId } = await captureLead(
      fans,
      {
        fullName: 'Ana Fan',
        email: 'ana.fan@example.test',
        phone: null,
        organisation: null,
        privacyAccepted: true,
        dataProcessingConsent: true,
        marketingConsent: true,
      },
      { contentItemId: galleryId, eventId, language: 'pt', userAgent: null, sourceUrl: null },
    )
    await recordDownload(
      fans,
      { origin: { ipAddress: null, userAgent: null }, cookies: new Map() },
      { contentItemId: galleryId, assetId: null, leadId, kind: 'zip', quality: 'web', fileCount: 1 },
    )
    await changeContentStatus(context, [galleryId], 'archived')
    // No trial, no subscription: the plan in effect is Starter again, which the company's systems hear of.
    await withSystem((tx) => syncCompanyPlan(tx, companyId))

    const got = await waitUntil(() => (mine().length >= 6 ? mine() : null), {
      message: () =>
        `received ${mine()
          .map((r) => r.body)
          .join('\n')}`,
    })
    const payloads = got.map((request) => verifySigned(request, endpoint.secret))
    const byType = Object.fromEntries(payloads.map((payload) => [payload.type, payload.data]))
    expect(Object.keys(byType).sort()).toEqual([
      'content.archived',
      'content.published',
      'download.completed',
      'event.published',
      'lead.created',
      'subscription.changed',
    ])
    expect(byType['content.published']).toMatchObject({
      id: galleryId,
      kind: 'gallery',
      title: 'Night one',
      status: 'published',
    })
    expect(byType['content.archived']).toMatchObject({ id: galleryId, status: 'archived' })
    expect(byType['event.published']).toMatchObject({ id: eventId, title: 'Summer show' })
    expect(byType['lead.created']).toMatchObject({
      id: leadId,
      email: 'ana.fan@example.test',
      fullName: 'Ana Fan',
      marketingConsent: true,
      contentId: galleryId,
    })
    expect(byType['download.completed']).toMatchObject({ contentId: galleryId, leadId, kind: 'zip' })
    expect(byType['subscription.changed']).toMatchObject({ plan: 'starter', previousPlan: 'enterprise' })
    for (const request of got) {
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    }
    // A tampered body or another secret fails the same verifier: the check above can fail.
    expect(() => verifySigned({ ...got[0], body: got[0].body.replace('}', ', "x": 1}') }, endpoint.secret)).toThrow()
    expect(() => verifySigned(got[0], 'whsec_' + Buffer.alloc(24, 7).toString('base64'))).toThrow()

    // Repeats are not news: publishing what is published, a fan coming back, tell nothing more.
    await changeContentStatus(context, [galleryId], 'archived')
    await captureLead(
      fans,
      {
        fullName: 'Ana Fan',
        email: 'ana.fan@example.test',
        phone: null,
        organisation: null,
        privacyAccepted: true,
        dataProcessingConsent: true,
        marketingConsent: false,
      },
      { contentItemId: galleryId, eventId, language: 'pt', userAgent: null, sourceUrl: null },
    )
    expect(await deliveriesOf(endpoint.id)).toHaveLength(6)
    // Every delivery is in the log with its try.
    await waitUntil(async () => (await deliveriesOf(endpoint.id)).every((delivery) => delivery.state === 'succeeded'))
    const log = await admin.client.get('/admin/settings/webhooks')
    for (const type of Object.keys(byType)) expect(log.text).toContain(`data-event="${type}"`)
  })

  it('only reaches endpoints that chose the event, and nothing is sent for a change that rolled back', async () => {
    const admin = await enterpriseAdmin('wh-outbox')
    const companyId = admin.company.id
    const leadsOnly = await addEndpoint(admin.client, companyId, setup.receiver.url(`/leads-${companyId}`), [
      'lead.created',
    ])
    const { galleryId } = await arrangeGalleryAndEvent(companyId)
    const context = (await asSystem(companyId, 'test'))!
    await changeContentStatus(context, [galleryId], 'published')
    expect(await deliveriesOf(leadsOnly.id)).toHaveLength(0)

    // The change and its event in one transaction that fails: neither stays, no job is queued.
    const failed = withTenant(companyId, async (tx) => {
      await emitWebhookEvent(tx, companyId, 'lead.created', { id: 'rolled-back' })
      throw new Error('the change failed')
    })
    await expect(failed).rejects.toThrow('the change failed')
    expect(await deliveriesOf(leadsOnly.id)).toHaveLength(0)
    const { rows } = await withSystem((tx) =>
      tx.execute<{ total: number }>(
        sql`select count(*)::int as total from pgboss.job where name = 'webhooks.deliver' and data->>'companyId' = ${companyId}`,
      ),
    )
    expect(rows[0].total).toBe(0)
    // A company that left Enterprise keeps its endpoints, but they hear nothing.
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, companyId)),
    )
    await withTenant(companyId, (tx) => emitWebhookEvent(tx, companyId, 'lead.created', { id: 'after-downgrade' }))
    expect(await deliveriesOf(leadsOnly.id)).toHaveLength(0)
    await withSystem((tx) => tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, companyId)))
    await withTenant(companyId, (tx) => emitWebhookEvent(tx, companyId, 'lead.created', { id: 'enterprise-again' }))
    expect(await deliveriesOf(leadsOnly.id)).toHaveLength(1)
    // A switched-off endpoint hears nothing.
    expect(
      (
        await admin.client.postForm('/admin/settings/webhooks.data', {
          intent: 'toggle',
          endpointId: leadsOnly.id,
          enabled: 'false',
        })
      ).status,
    ).toBe(200)
    await withTenant(companyId, (tx) => emitWebhookEvent(tx, companyId, 'lead.created', { id: 'while-off' }))
    expect(await deliveriesOf(leadsOnly.id)).toHaveLength(1)
  })
})
