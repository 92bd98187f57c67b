import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { asset, assetRendition, contentItem, event } from '#db/schema'
import { withPublicRead, withSystem, withTenant } from '#app/lib/db.server'
import { PreparingClient, statementName } from '#app/lib/prepared-statements.server'
import { createCompanyAdmin } from '../support/fixtures'

/** One company's published and unpublished things, with a file, a cover and a rendition each. */
async function seedCompany(slugPrefix: string) {
  const { company } = await createCompanyAdmin(slugPrefix)
  return withSystem(async (tx) => {
    const file = (contentItemId: string | null, purpose: string, extra: Partial<typeof asset.$inferInsert> = {}) =>
      tx
        .insert(asset)
        .values({
          companyId: company.id,
          contentItemId,
          purpose,
          mediaType: 'image',
          originalName: `${purpose}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: 10,
          storageKey: `${company.id}/${purpose}-${Math.random()}/original.jpg`,
          ...extra,
        })
        .returning({ id: asset.id })
        .then(([row]) => row.id)
    const [published] = await tx
      .insert(contentItem)
      .values({ companyId: company.id, kind: 'gallery', slug: 'live', title: 'Live', status: 'published' })
      .returning({ id: contentItem.id })
    const [draft] = await tx
      .insert(contentItem)
      .values({ companyId: company.id, kind: 'gallery', slug: 'secret', title: 'Secret', status: 'draft' })
      .returning({ id: contentItem.id })
    const [archived] = await tx
      .insert(contentItem)
      .values({ companyId: company.id, kind: 'single', title: 'Old', status: 'archived' })
      .returning({ id: contentItem.id })
    const [shownEvent] = await tx
      .insert(event)
      .values({ companyId: company.id, slug: 'tour', title: 'Tour', status: 'published' })
      .returning({ id: event.id })
    const [hiddenEvent] = await tx
      .insert(event)
      .values({ companyId: company.id, slug: 'soon', title: 'Soon', status: 'draft' })
      .returning({ id: event.id })
    const publishedPhoto = await file(published.id, 'gallery-media')
    const draftPhoto = await file(draft.id, 'gallery-media')
    const archivedFile = await file(archived.id, 'content-file')
    const publishedCover = await file(null, 'cover', { illustratesContentItemId: published.id })
    const draftCover = await file(null, 'cover', { illustratesContentItemId: draft.id })
    const eventCover = await file(null, 'cover', { illustratesEventId: shownEvent.id })
    const hiddenEventCover = await file(null, 'cover', { illustratesEventId: hiddenEvent.id })
    const logo = await file(null, 'logo')
    for (const assetId of [publishedPhoto, draftPhoto, publishedCover, draftCover]) {
      await tx.insert(assetRendition).values({
        assetId,
        companyId: company.id,
        rendition: 'w400',
        format: 'webp',
        width: 400,
        height: 300,
        sizeBytes: 5,
        storageKey: `${company.id}/${assetId}/w400.webp`,
      })
    }
    return {
      company,
      shown: {
        items: [published.id],
        events: [shownEvent.id],
        assets: [publishedPhoto, publishedCover, eventCover, logo],
        renditions: [publishedPhoto, publishedCover],
      },
      hidden: {
        items: [draft.id, archived.id],
        events: [hiddenEvent.id],
        assets: [draftPhoto, archivedFile, draftCover, hiddenEventCover],
        renditions: [draftPhoto, draftCover],
      },
    }
  })
}

const sorted = (ids: string[]) => [...ids].sort()

describe('public read mode (row-level security for fans)', () => {
  it('lets only published items, events, their files, covers, renditions and logos through, even with no WHERE at all', async () => {
    const alpha = await seedCompany('pubread-a')
    const bravo = await seedCompany('pubread-b')
    const everything = () =>
      Promise.all([
        withPublicRead(alpha.company.id, (tx) => tx.select({ id: contentItem.id }).from(contentItem)),
        withPublicRead(alpha.company.id, (tx) => tx.select({ id: event.id }).from(event)),
        withPublicRead(alpha.company.id, (tx) => tx.select({ id: asset.id }).from(asset)),
        withPublicRead(alpha.company.id, (tx) => tx.select({ id: assetRendition.assetId }).from(assetRendition)),
      ])
    const [items, events, assets, renditions] = await everything()
    expect(sorted(items.map((row) => row.id))).toEqual(sorted(alpha.shown.items))
    expect(sorted(events.map((row) => row.id))).toEqual(sorted(alpha.shown.events))
    expect(sorted(assets.map((row) => row.id))).toEqual(sorted(alpha.shown.assets))
    expect(sorted(renditions.map((row) => row.id))).toEqual(sorted(alpha.shown.renditions))

    // Narrowed to no company (an address that names none): every company's published rows, still nothing else.
    const anyCompany = await withPublicRead(null, (tx) => tx.select({ id: contentItem.id }).from(contentItem))
    const ids = anyCompany.map((row) => row.id)
    for (const id of [...alpha.shown.items, ...bravo.shown.items]) expect(ids).toContain(id)
    for (const id of [...alpha.hidden.items, ...bravo.hidden.items]) expect(ids).not.toContain(id)
    const anyAsset = (await withPublicRead(null, (tx) => tx.select({ id: asset.id }).from(asset))).map((row) => row.id)
    for (const id of [...alpha.hidden.assets, ...bravo.hidden.assets]) expect(anyAsset).not.toContain(id)
  })

  it('keeps the fence when a read is prepared and planned once: each run lets through its own company only', async () => {
    const alpha = await seedCompany('pubread-d')
    const bravo = await seedCompany('pubread-e')
    const items = (companyId: string | null) =>
      withPublicRead(companyId, (tx) =>
        tx.select({ id: contentItem.id }).from(contentItem).where(sql`${contentItem.title} <> ${'never'}`),
      )
    // Alternating fences on the same prepared statement, past the runs PostgreSQL plans one by one.
    for (let run = 0; run < 8; run++) {
      expect((await items(alpha.company.id)).map((row) => row.id)).toEqual(alpha.shown.items)
      expect((await items(bravo.company.id)).map((row) => row.id)).toEqual(bravo.shown.items)
      // A company's admin reads its drafts too, and nothing of the other's, through the same kind of read.
      const own = await withTenant(alpha.company.id, (tx) =>
        tx.select({ id: contentItem.id }).from(contentItem).where(sql`${contentItem.title} <> ${'never'}`),
      )
      expect(sorted(own.map((row) => row.id))).toEqual(sorted([...alpha.shown.items, ...alpha.hidden.items]))
    }
    // The statement was kept and planned once (a generic plan), on the connection that ran it.
    const prepared = await withPublicRead(alpha.company.id, (tx) =>
      tx.execute(sql`select name, generic_plans from pg_prepared_statements where generic_plans > 0`),
    )
    expect(prepared.rows.map((row) => row.name)).toContain(
      statementName('select "id" from "content_items" where "content_items"."title" <> $1'),
    )
  })

  it('reads nothing of leads, downloads or the audit trail, and writes nothing', async () => {
    const alpha = await seedCompany('pubread-c')
    const counts = await withPublicRead(alpha.company.id, async (tx) => {
      const result = await tx.execute(
        sql`select (select count(*) from leads)::int as leads, (select count(*) from downloads)::int as downloads, (select count(*) from audit_events)::int as audit`,
      )
      return result.rows[0]
    })
    expect(counts).toEqual({ leads: 0, downloads: 0, audit: 0 })
    await expect(
      withPublicRead(alpha.company.id, (tx) =>
        tx.insert(contentItem).values({ companyId: alpha.company.id, kind: 'single', title: 'Planted' }),
      ),
    ).rejects.toThrow()
    await expect(
      withPublicRead(alpha.company.id, (tx) => tx.update(contentItem).set({ title: 'Hijacked' })),
    ).rejects.toThrow()
  })
})

// withPublicRead builds drizzle's transaction on its own connection from drizzle's session classes
// (ADR 082): an upgrade of drizzle that changes them must fail here, by name, before any fans' page.
describe("a fan's read transaction", () => {
  it('is opened in one message, fenced and read-only, and is a full drizzle transaction on that connection', async () => {
    const { company } = await createCompanyAdmin('one-message')
    const sent: string[] = []
    const originalQuery = PreparingClient.prototype.query
    const spy = vi.spyOn(PreparingClient.prototype, 'query').mockImplementation(function (
      this: PreparingClient,
      ...args: unknown[]
    ) {
      const [config] = args
      sent.push(typeof config === 'string' ? config : String((config as { text?: string } | null)?.text ?? ''))
      return Reflect.apply(originalQuery, this, args)
    } as never)
    try {
      const seen = await withPublicRead(company.id, async (tx) => {
        const before = sent.length
        const [settings] = (
          await tx.execute(
            sql`select current_setting('app.public_read') as public_read, current_setting('app.public_company') as company, current_setting('transaction_read_only') as read_only`,
          )
        ).rows as Array<{ public_read: string; company: string; read_only: string }>
        const built = await tx.select({ id: contentItem.id }).from(contentItem).limit(1)
        const related = await tx.query.organization.findFirst({ columns: { id: true } })
        return { before, settings, built, related }
      })
      // Everything before the work's first statement was one message: begin, the fence and the settings.
      expect(seen.before).toBe(1)
      expect(sent[0]).toMatch(/^begin read only; select set_config\('app\.public_read', 'on', true\)/)
      expect(seen.settings).toEqual({ public_read: 'on', company: company.id, read_only: 'on' })
      expect(Array.isArray(seen.built)).toBe(true)
      expect(seen.related?.id).toBeTypeOf('string')
      expect(sent.at(-1)).toBe('commit')
    } finally {
      spy.mockRestore()
    }
  })
})
