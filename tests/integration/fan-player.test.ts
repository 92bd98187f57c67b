import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentItem, event, organization } from '#db/schema'
import { asPlatform } from '#app/access/tenant.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { withSystem } from '#app/lib/db.server'
import { fanBrowser } from '../support/analytics'
import { TestClient } from '../support/http-client'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makeAudio, makePdf, makePhoto, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

/** A published single content item with one real file, uploaded through the resumable endpoint. */
async function publishSingle(
  admin: Admin,
  file: Buffer,
  filename: string,
  details: Partial<typeof contentItem.$inferInsert> = {},
) {
  const [item] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'single',
        title: `Item ${filename}`,
        status: 'published',
        publishedAt: new Date(),
        ...details,
      })
      .returning(),
  )
  const uploaded = await tusUpload(admin.client, file, { filename, purpose: 'content-file', contentItemId: item.id })
  if (!uploaded.ok || !uploaded.assetId) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`)
  return { item, assetId: uploaded.assetId }
}

const viewCount = async (id: string) =>
  (
    await withSystem((tx) =>
      tx.select({ views: contentItem.viewCount }).from(contentItem).where(eq(contentItem.id, id)),
    )
  )[0].views
const publicVersion = async (companyId: string) =>
  (
    await withSystem((tx) =>
      tx.select({ v: organization.publicVersion }).from(organization).where(eq(organization.id, companyId)),
    )
  )[0].v

describe('the content player', () => {
  let admin: Admin
  let slug = ''
  const fan = new TestClient()
  beforeAll(async () => {
    admin = await createCompanyAdmin('player')
    slug = admin.company.slug
  })

  it('plays a video from its byte-range stream, with the poster frame, title, date, place and event link', async () => {
    const [live] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'encore-night', title: 'Encore Night', status: 'published' })
        .returning(),
    )
    const { item, assetId } = await publishSingle(admin, await makeVideo('mp4', 2), 'encore.mp4', {
      title: 'Encore',
      description: 'The last song of the night.',
      location: 'Brixton Academy',
      happenedOn: '2026-06-14',
      eventId: live.id,
    })
    await waitForAssetsReady([assetId])
    const page = await fan.get(`/${slug}/player/${item.id}`)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(new RegExp(`<video[^>]*data-testid="content-video"[^>]*src="/p/${assetId}/stream"`))
    expect(page.text).toMatch(new RegExp(`<video[^>]*poster="/p/${assetId}/w400.webp"`))
    expect(page.text).toContain('<h1 class="text-2xl font-semibold tracking-tight sm:text-4xl">Encore</h1>')
    expect(page.text).toContain('The last song of the night.')
    expect(page.text).toContain('Jun 14, 2026')
    expect(page.text).toContain('Brixton Academy')
    expect(page.text).toContain(`href="/${slug}/evento/encore-night"`)
    expect(page.text).toContain('<meta property="og:type" content="video.other"/>')
    // Seeking: the stream answers byte ranges.
    const range = await fan.get(`/p/${assetId}/stream`, { range: 'bytes=100-199' })
    expect(range.status).toBe(206)
    expect(range.headers['content-type']).toBe('video/mp4')
    expect(range.headers['content-range']).toMatch(/^bytes 100-199\/\d+$/)
  })

  it('plays audio, shows a photo from its renditions, views a PDF in a same-origin frame, and shows other files as a card', async () => {
    const audio = await publishSingle(admin, await makeAudio(), 'soundcheck.mp3')
    const pdf = await publishSingle(admin, makePdf('Setlist'), 'setlist.pdf')
    const photo = await publishSingle(admin, await makePhoto(1600, 1000), 'crowd.jpg', { title: 'Crowd' })
    const notes = Buffer.from('Doors 19:00\nShow 20:30\n'.repeat(100))
    const other = await publishSingle(admin, notes, 'running-order.txt')
    await waitForAssetsReady([photo.assetId])

    const audioPage = await fan.get(`/${slug}/player/${audio.item.id}`)
    expect(audioPage.status).toBe(200)
    expect(audioPage.text).toMatch(
      new RegExp(`<audio[^>]*data-testid="content-audio"[^>]*src="/p/${audio.assetId}/stream"`),
    )
    const audioRange = await fan.get(`/p/${audio.assetId}/stream`, { range: 'bytes=0-9' })
    expect(audioRange.status).toBe(206)
    expect(audioRange.headers['content-type']).toBe('audio/mpeg')

    const pdfPage = await fan.get(`/${slug}/player/${pdf.item.id}`)
    expect(pdfPage.status).toBe(200)
    expect(pdfPage.text).toMatch(
      new RegExp(`<iframe src="/p/${pdf.assetId}/stream" title="Item setlist.pdf"[^>]*data-testid="content-pdf"`),
    )
    expect(pdfPage.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const pdfStream = await fan.get(`/p/${pdf.assetId}/stream`)
    expect(pdfStream.status).toBe(200)
    expect(pdfStream.headers['content-type']).toBe('application/pdf')
    expect(pdfStream.headers['content-disposition']).toBeUndefined()
    // Only this site's own pages may frame it (the page's CSP allows same-origin frames by default-src 'self').
    expect(pdfStream.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(pdfStream.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(pdfStream.text.startsWith('%PDF-1.4')).toBe(true)

    const photoPage = await fan.get(`/${slug}/player/${photo.item.id}`)
    expect(photoPage.status).toBe(200)
    expect(photoPage.text).toMatch(/<img[^>]*data-testid="content-image"/)
    expect(photoPage.text).toContain(`/p/${photo.assetId}/w400.webp 400w, /p/${photo.assetId}/w1200.webp 1200w`)
    expect(photoPage.text).toMatch(/<img[^>]*width="1600" height="1000"/)
    expect((await fan.get(`/p/${photo.assetId}/stream`)).status).toBe(404) // photos are served as renditions only

    const otherPage = await fan.get(`/${slug}/player/${other.item.id}`)
    expect(otherPage.status).toBe(200)
    expect(otherPage.text).toContain('data-testid="content-file-card"')
    expect(otherPage.text).toContain('running-order.txt')
    expect(otherPage.text).toContain(`File · ${(notes.length / 1024).toFixed(1)}\u00a0KB`)
    expect((await fan.get(`/p/${other.assetId}/stream`)).status).toBe(404) // downloads only
  })

  it("opens a gallery's id on the gallery page, and refuses drafts, other companies' content and bad ids", async () => {
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          slug: 'rooftop-set',
          title: 'Rooftop set',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const redirected = await fan.get(`/${slug}/player/${gallery.id}`)
    expect(redirected.status).toBe(302)
    expect(redirected.headers.location).toBe(`/${slug}/galeria/rooftop-set`)

    const draft = await publishSingle(admin, makePdf(), 'draft.pdf', { status: 'draft', publishedAt: null })
    for (const path of [`/${slug}/player/${draft.item.id}`, `/${slug}/player/not-a-uuid`, `/player/${draft.item.id}`]) {
      const missing = await fan.get(path)
      expect(missing.status, path).toBe(404)
      expect(missing.text, path).toContain('Content not found')
      expect(missing.text, path).toContain('This content does not exist or is no longer public.')
    }
    expect((await fan.get(`/${slug}/player/${draft.item.id}`)).text).toContain(`href="/${slug}"`)
    expect((await fan.get(`/p/${draft.assetId}/stream`)).status).toBe(404)

    const other = await createCompanyAdmin('player-other')
    const theirs = await publishSingle(other, makePdf(), 'theirs.pdf')
    expect((await fan.get(`/${slug}/player/${theirs.item.id}`)).status).toBe(404)
    expect((await fan.get(`/${other.company.slug}/player/${theirs.item.id}`)).status).toBe(200)
  })

  it("shows /player/{id} on the platform host in its company's frame, whoever's it is", async () => {
    const { item } = await publishSingle(admin, makePdf(), 'platform.pdf', { title: 'Platform link' })
    const page = await fan.get(`/player/${item.id}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Platform link')
    expect(page.text).toContain(admin.company.name)
    expect(page.text).toContain(`href="/${slug}/termos"`)
  })

  it('counts views from the page’s events, as the analytics do: reading or posting to the player counts nothing, and the public version stays', async () => {
    const { item } = await publishSingle(admin, makePdf(), 'counted.pdf')
    const versionBefore = await publicVersion(admin.company.id)
    expect((await fan.get(`/${slug}/player/${item.id}`)).status).toBe(200)
    expect((await fan.get(`/player/${item.id}`)).status).toBe(200)
    // The page's only form is the comment: a post without one names nothing to comment on.
    expect((await fan.postForm(`/${slug}/player/${item.id}`, {})).status).toBe(404)
    await rollUpEvents(asPlatform('test'))
    expect(await viewCount(item.id)).toBe(0)
    const browser = fanBrowser()
    await browser.send({
      company: admin.company.id,
      events: [{ type: 'page_view', page: 'player', contentId: item.id }],
    })
    await waitUntil(async () => {
      await rollUpEvents(asPlatform('test'))
      return (await viewCount(item.id)) === 1
    })
    expect(await publicVersion(admin.company.id)).toBe(versionBefore)
    // A draft is no fans' page: nothing of it is counted.
    const draft = await publishSingle(admin, makePdf(), 'uncounted.pdf', { status: 'draft', publishedAt: null })
    expect((await fan.postForm(`/${slug}/player/${draft.item.id}`, {})).status).toBe(404)
    expect(
      (
        await browser.send({
          company: admin.company.id,
          events: [{ type: 'page_view', page: 'player', contentId: draft.item.id }],
        })
      ).json(),
    ).toMatchObject({ accepted: 0 })
    expect(await viewCount(draft.item.id)).toBe(0)
  })
})
