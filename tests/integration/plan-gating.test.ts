import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, download, event, organization, subscription } from '#db/schema'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * Every gated action against every state a company's billing can be in: what the plan table of
 * docs/product.md allows is allowed, the rest refused on the server (402 with the plan that
 * unlocks it), whatever the client shows.
 */

const DAY = 86_400_000
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)

type BillingState =
  | 'starter'
  | 'trialing'
  | 'professional'
  | 'past_due in grace'
  | 'past_due after grace'
  | 'enterprise'
  | 'cancelled'

/** Puts a company in a billing state the way billing itself would leave it. */
async function putInState(companyId: string, state: BillingState) {
  const now = Date.now()
  const paid = (plan: 'professional' | 'enterprise', status: string, pastDueSince: Date | null = null) => ({
    companyId,
    provider: 'test',
    customerId: `cus_${companyId}`,
    subscriptionId: `sub_${companyId}`,
    plan,
    status,
    currency: 'EUR',
    unitAmount: 1200,
    currentPeriodEnd: new Date(now + 20 * DAY),
    pastDueSince,
  })
  await withSystem(async (tx) => {
    if (state === 'trialing')
      await tx
        .update(organization)
        .set({ trialStartedAt: new Date(now), trialEndsAt: new Date(now + 14 * DAY) })
        .where(eq(organization.id, companyId))
    const row =
      state === 'professional'
        ? paid('professional', 'active')
        : state === 'past_due in grace'
          ? paid('professional', 'past_due', new Date(now - 2 * DAY))
          : state === 'past_due after grace'
            ? paid('professional', 'past_due', new Date(now - 8 * DAY))
            : state === 'enterprise'
              ? paid('enterprise', 'active')
              : state === 'cancelled'
                ? paid('professional', 'canceled')
                : null
    if (row) await tx.insert(subscription).values(row)
    await syncCompanyPlan(tx, companyId)
  })
}

const ACTIONS = [
  'photo 51 of an event',
  'gallery attached to a full event',
  'gallery moved into a full event',
  'upload past 1 GB',
  'custom QR code',
  'custom domain',
  'branding on fans’ pages',
  'template on fans’ pages',
  'high-resolution download',
  'a second brand',
] as const
type Action = (typeof ACTIONS)[number]

/** What Professional includes; Enterprise adds the rest (docs/product.md's plan table). */
const PROFESSIONAL: Action[] = [
  'photo 51 of an event',
  'gallery attached to a full event',
  'gallery moved into a full event',
  'upload past 1 GB',
  'custom QR code',
  'branding on fans’ pages',
  'template on fans’ pages',
  'high-resolution download',
]

/** What each state may do. */
const ALLOWED: Record<BillingState, Action[]> = {
  starter: [],
  trialing: PROFESSIONAL,
  professional: PROFESSIONAL,
  'past_due in grace': PROFESSIONAL,
  'past_due after grace': [],
  enterprise: [...PROFESSIONAL, 'custom domain', 'a second brand'],
  cancelled: [],
}

/** A refused admin action: 402, naming where to change plan. */
function expectUpgrade(response: { status: number; text: string }, label: string) {
  expect(response.status, label).toBe(402)
  expect(response.text, label).toContain('/admin/subscription')
}

describe.each(Object.keys(ALLOWED) as BillingState[])('a company %s', (state) => {
  it('may do exactly what its plan includes', async () => {
    const admin = await createCompanyAdmin('gate')
    const companyId = admin.company.id
    const [show] = await withSystem((tx) =>
      tx.insert(event).values({ companyId, slug: 'show', title: 'Show', status: 'published' }).returning(),
    )
    const [full] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Full', slug: 'full', eventId: show.id })
        .returning(),
    )
    const [other] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId, kind: 'gallery', title: 'Other', slug: 'other' }).returning(),
    )
    const [extra] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId, kind: 'gallery', title: 'Extra', slug: 'extra' }).returning(),
    )
    const [moved] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId, kind: 'gallery', title: 'Moved', slug: 'moved' }).returning(),
    )
    const [shots] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Shots',
          slug: 'shots',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const seeded = (count: number, item: string, sizeBytes: number) =>
      Array.from({ length: count }, (_, i) => ({
        companyId,
        contentItemId: item,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: `${item}-${i}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes,
        storageKey: `${companyId}/seed-${item}-${i}/original.jpg`,
      }))
    await withSystem((tx) =>
      tx
        .insert(asset)
        .values([...seeded(50, full.id, 1000), ...seeded(1, extra.id, 1000), ...seeded(1, moved.id, 1000)]),
    )
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ brandPrimaryColor: '#ff3366', template: { canvas: 'light', cover: 'minimal' } })
        .where(eq(organization.id, companyId)),
    )
    // A real photo fans download, processed while the company is still on Starter.
    const shot = await tusUpload(admin.client, await makePhoto(900, 600), {
      filename: 'shot.jpg',
      purpose: 'gallery-media',
      contentItemId: shots.id,
    })
    if (!shot.ok) throw new Error(`upload failed: ${shot.body}`)
    await putInState(companyId, state)

    const outcome: Record<Action, boolean> = {} as Record<Action, boolean>
    const photo = await tusUpload(admin.client, PNG, {
      filename: 'fifty-one.png',
      purpose: 'gallery-media',
      contentItemId: full.id,
    })
    outcome['photo 51 of an event'] = photo.ok
    if (!photo.ok) expect(photo.status, 'photo 51').toBe(402)

    // The event is full for Starter: a gallery with one more photo cannot join it, from either side.
    const attached = await admin.client.postForm(`/admin/events/${show.id}.data`, {
      intent: 'attach',
      contentItemId: extra.id,
    })
    outcome['gallery attached to a full event'] = attached.status === 200
    if (attached.status !== 200) expectUpgrade(attached, 'attach')
    const movedIn = await admin.client.postForm(`/admin/content/${moved.id}.data`, {
      intent: 'save',
      title: 'Moved',
      eventId: show.id,
    })
    outcome['gallery moved into a full event'] = movedIn.status === 200
    if (movedIn.status !== 200) expectUpgrade(movedIn, 'move')
    const eventOf = async (id: string) =>
      (
        await withSystem((tx) =>
          tx.select({ eventId: contentItem.eventId }).from(contentItem).where(eq(contentItem.id, id)),
        )
      )[0].eventId
    // Refused means unchanged.
    expect(await eventOf(extra.id)).toBe(outcome['gallery attached to a full event'] ? show.id : null)
    expect(await eventOf(moved.id)).toBe(outcome['gallery moved into a full event'] ? show.id : null)

    // 1.5 GB stored: over Starter's 1 GB, well under Professional's 50 GB.
    await withSystem((tx) => tx.insert(asset).values(seeded(1, other.id, 1.5 * 1024 ** 3)))
    const big = await tusUpload(admin.client, PNG, {
      filename: 'more.png',
      purpose: 'gallery-media',
      contentItemId: other.id,
    })
    outcome['upload past 1 GB'] = big.ok
    if (!big.ok) expect(big.status, 'quota').toBe(402)

    const qr = await admin.client.get(`/api/qr/event/${show.id}?format=svg&fg=%231a1a2e&bg=%23fdf6e3`)
    outcome['custom QR code'] = qr.status === 200
    if (qr.status !== 200) expect(qr.status, 'qr').toBe(402)

    const domain = await admin.client.postForm('/admin/settings/domains.data', {
      intent: 'add',
      host: `photos.${admin.company.slug}.test`,
    })
    outcome['custom domain'] = domain.status === 200
    if (domain.status !== 200) expectUpgrade(domain, 'domain')

    const landing = await new TestClient().get(`/${admin.company.slug}`)
    outcome['branding on fans’ pages'] = landing.text.includes('data-branded')
    outcome['template on fans’ pages'] =
      landing.text.includes('theme-light') && landing.text.includes('data-cover="minimal"')

    // Fans get the original photo, or its web size, as the plan says.
    await waitForAssetsReady([shot.assetId!])
    const fetched = await new TestClient().get(`/download/file/${shot.assetId}`)
    expect(fetched.status, 'download').toBe(200)
    const [served] = await withSystem((tx) =>
      tx
        .select({ quality: download.quality })
        .from(download)
        .where(and(eq(download.assetId, shot.assetId!), eq(download.companyId, companyId))),
    )
    outcome['high-resolution download'] = served.quality === 'original'

    // Last: a new brand becomes the admin's open company.
    const brandSlug = `brand-${admin.company.slug}`
    const brand = await admin.client.postForm('/onboarding', { name: 'Second brand', slug: brandSlug })
    const [created] = await withSystem((tx) =>
      tx.select({ id: organization.id }).from(organization).where(eq(organization.slug, brandSlug)),
    )
    outcome['a second brand'] = brand.status === 302 && Boolean(created)
    if (brand.status !== 302) {
      expect(brand.status, 'brand').toBe(402)
      expect(created, 'brand').toBeUndefined()
    }

    expect(outcome).toEqual(Object.fromEntries(ACTIONS.map((action) => [action, ALLOWED[state].includes(action)])))
  })
})

describe('uploads finishing at the same moment', () => {
  /** Five uploads at once; the plan has room for two more. */
  async function fiveAtOnce(admin: Awaited<ReturnType<typeof createCompanyAdmin>>, contentItemId: string) {
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        tusUpload(admin.client, PNG, { filename: `together-${i}.png`, purpose: 'gallery-media', contentItemId }),
      ),
    )
    return {
      stored: outcomes.filter((outcome) => outcome.ok).length,
      refused: outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.status])),
    }
  }
  const seededPhotos = (companyId: string, contentItemId: string, count: number, sizeBytes: number) =>
    Array.from({ length: count }, (_, i) => ({
      companyId,
      contentItemId,
      purpose: 'gallery-media',
      mediaType: 'image',
      originalName: `seed-${i}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes,
      storageKey: `${companyId}/seed-${contentItemId}-${i}/original.jpg`,
    }))

  it('fill an event up to Starter’s 50 photos, not past them', async () => {
    const admin = await createCompanyAdmin('together')
    const companyId = admin.company.id
    const [show] = await withSystem((tx) =>
      tx.insert(event).values({ companyId, slug: 'show', title: 'Show', status: 'published' }).returning(),
    )
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Full', slug: 'full', eventId: show.id })
        .returning(),
    )
    await withSystem((tx) => tx.insert(asset).values(seededPhotos(companyId, gallery.id, 48, 1000)))
    expect(await fiveAtOnce(admin, gallery.id)).toEqual({ stored: 2, refused: [402, 402, 402] })
    expect(
      (await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.contentItemId, gallery.id))))
        .length,
    ).toBe(50)
  })

  it('fill the plan’s storage up to its limit, not past it', async () => {
    const admin = await createCompanyAdmin('together-gb')
    const companyId = admin.company.id
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Almost full', slug: 'almost-full' })
        .returning(),
    )
    // Room left for two and a half more files.
    await withSystem((tx) =>
      tx.insert(asset).values(seededPhotos(companyId, gallery.id, 1, 1024 ** 3 - Math.floor(2.5 * PNG.length))),
    )
    expect(await fiveAtOnce(admin, gallery.id)).toEqual({ stored: 2, refused: [402, 402, 402] })
    const [{ used }] = await withSystem((tx) =>
      tx
        .select({ used: sql<string>`sum(${asset.sizeBytes})` })
        .from(asset)
        .where(eq(asset.companyId, companyId)),
    )
    expect(Number(used)).toBeLessThanOrEqual(1024 ** 3)
  })
})
