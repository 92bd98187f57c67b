import { randomBytes } from 'node:crypto'
import { asPlatform } from '#app/access/tenant.server'
import http from 'node:http'
import { and, eq, like, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { contentItem, lead, organization, outboxMail } from '#db/schema'
import { sendExpiryReminders } from '#app/features/galleries/protection/server/send-expiry-reminders.server'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

type Company = Awaited<ReturnType<typeof createCompanyAdmin>>

async function setPlan(admin: Company, plan: string) {
  await withSystem((tx) => tx.update(organization).set({ plan }).where(eq(organization.id, admin.company.id)))
}

async function publishedGallery(admin: Company, values: Partial<typeof contentItem.$inferInsert> = {}) {
  const [item] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        slug: `g-${randomBytes(3).toString('hex')}`,
        title: 'Backstage Night',
        description: 'Secret setlist notes',
        status: 'published',
        publishedAt: new Date(),
        ...values,
      })
      .returning(),
  )
  return item
}

async function withPhoto(admin: Company, galleryId: string) {
  const original = await makePhoto(1800, 1200, '#2563eb', { quality: 90 })
  const { assetId } = (await tusUpload(admin.client, original, {
    filename: 'IMG_1.JPG',
    purpose: 'gallery-media',
    contentItemId: galleryId,
  })) as { assetId: string }
  await waitForAssetsReady([assetId])
  return { assetId, original }
}

function protect(admin: Company, galleryId: string, form: Record<string, string>) {
  return admin.client.postForm(`/admin/content/${galleryId}/protection`, { downloadMode: 'originals', ...form })
}

function fetchBytes(
  client: TestClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, client.baseUrl),
      { headers: { cookie: client.cookieHeader(), ...headers }, localAddress: client.localAddress },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

describe('protected galleries', () => {
  it('are a Professional feature: Starter is refused and nothing changes', async () => {
    const admin = await createCompanyAdmin('prot-plan')
    const gallery = await publishedGallery(admin)
    const refused = await protect(admin, gallery.id, { password: 'moonlight' })
    expect(refused.status).toBe(402)
    // The panel still shows what the plan would give.
    const panel = await admin.client.get(`/admin/content/${gallery.id}/protection`)
    expect(panel.status).toBe(200)
    expect(panel.json()).toEqual({
      hasPassword: false,
      expiresAt: null,
      downloadMode: 'originals',
      hasPin: false,
      allowed: false,
    })
    const [row] = await withSystem((tx) =>
      tx.select({ hash: contentItem.accessPasswordHash }).from(contentItem).where(eq(contentItem.id, gallery.id)),
    )
    expect(row.hash).toBeNull()
    // A bad PIN is refused with the field's message.
    await setPlan(admin, 'professional')
    const invalid = await protect(admin, gallery.id, { pin: '12a4' })
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain('protection.errors.pin')
  })

  it('ask for the password once, rate-limit wrong ones, and keep photos, pages and downloads from fans without it', async () => {
    const admin = await createCompanyAdmin('prot-pw')
    await setPlan(admin, 'professional')
    const gallery = await publishedGallery(admin)
    const { assetId } = await withPhoto(admin, gallery.id)
    expect((await protect(admin, gallery.id, { password: 'moonlight' })).status).toBe(200)
    const page = `/${admin.company.slug}/galeria/${gallery.slug}`

    const stranger = new TestClient()
    for (let round = 0; round < 2; round++) {
      const locked = await stranger.get(page)
      expect(locked.status).toBe(303)
      expect(locked.headers.location).toBe(`${page}/acesso`)
      expect(locked.headers['x-afterglow-cache']).not.toBe('hit')
    }
    expect((await stranger.get(`${page}/fotos`)).status).toBe(303)
    expect((await fetchBytes(stranger, `/p/${assetId}/w400.webp`)).status).toBe(404)
    expect((await fetchBytes(stranger, `/download/file/${assetId}`)).status).toBe(404)
    expect((await fetchBytes(stranger, `/download/content/${gallery.id}`)).status).toBe(404)

    // The door: title and a preview of the cover, never the photos or the description.
    const door = await stranger.get(`${page}/acesso`)
    expect(door.status).toBe(200)
    expect(door.headers['cache-control']).toBe('private, no-store')
    expect(door.text).toContain('Backstage Night')
    expect(door.text).toContain(`og:image`)
    expect(door.text).toContain(`/og/gallery/${gallery.id}/`)
    expect(door.text).not.toContain(assetId)
    expect(door.text).not.toContain('Secret setlist notes')

    // Wrong passwords: told so in the fan's language, then limited.
    const wrong = await stranger.postForm(`${page}/acesso`, { password: 'sunshine' }, { 'accept-language': 'pt-BR' })
    expect(wrong.status).toBe(403)
    expect(wrong.text).toContain('Essa senha não está certa')
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await stranger.postForm(`${page}/acesso`, { password: `nope-${attempt}` })).status).toBe(403)
    const limited = await stranger.postForm(`${page}/acesso`, { password: 'moonlight' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.text).toContain('Too many tries')
    expect((await stranger.get(page)).status).toBe(303)

    // The right one, once: a signed cookie opens the gallery, its photos and its downloads.
    const fan = new TestClient()
    const opened = await fan.postForm(`${page}/acesso`, { password: 'moonlight' })
    expect(opened.status).toBe(303)
    expect(opened.headers.location).toBe(page)
    expect(String(opened.headers['set-cookie'])).toMatch(/ag_gallery_[0-9a-f]{16}=.*HttpOnly/)
    for (let round = 0; round < 2; round++) {
      const inside = await fan.get(page)
      expect(inside.status).toBe(200)
      expect(inside.text).toContain(assetId)
      // Never kept in, nor served from, the shared page cache.
      expect(inside.headers['x-afterglow-cache']).toBeUndefined()
      expect(inside.headers['cache-control']).toBe('private, no-store')
    }
    // The door is judged on the gallery's row as the page reads it: nothing of its password reaches the page.
    const [{ hash }] = await withSystem((tx) =>
      tx.select({ hash: contentItem.accessPasswordHash }).from(contentItem).where(eq(contentItem.id, gallery.id)),
    )
    const inside = await fan.get(page)
    expect(hash).toBeTruthy()
    expect(inside.text).not.toContain(hash!)
    expect(inside.text).not.toMatch(/passwordHash|pinHash/)
    const photo = await fetchBytes(fan, `/p/${assetId}/w400.webp`)
    expect(photo.status).toBe(200)
    expect(photo.headers['cache-control']).toBe('private, max-age=3600')
    expect((await fetchBytes(fan, `/download/file/${assetId}`)).status).toBe(200)

    // A forged or moved cookie opens nothing.
    const forger = new TestClient()
    const [name, value] = [...fan.cookies].find(([cookie]) => cookie.startsWith('ag_gallery_'))!
    forger.setCookie(
      name,
      value.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
    )
    expect((await forger.get(page)).status).toBe(303)
    expect((await fetchBytes(forger, `/p/${assetId}/w400.webp`)).status).toBe(404)

    // A new password locks everyone out again.
    expect((await protect(admin, gallery.id, { password: 'stardust' })).status).toBe(200)
    expect((await fan.get(page)).status).toBe(303)
    // Removing it opens the gallery to all, through the shared cache again.
    expect((await protect(admin, gallery.id, { clearPassword: 'true' })).status).toBe(200)
    const open = await stranger.get(page)
    expect(open.status).toBe(200)
    expect(open.headers['x-afterglow-cache']).toBe('miss')
  })

  it('apply the download switch and the PIN to every download path', async () => {
    const admin = await createCompanyAdmin('prot-dl')
    await setPlan(admin, 'professional')
    const gallery = await publishedGallery(admin)
    const { assetId, original } = await withPhoto(admin, gallery.id)
    const fan = new TestClient()

    expect((await protect(admin, gallery.id, { downloadMode: 'off' })).status).toBe(200)
    const page = await fan.get(`/${admin.company.slug}/galeria/${gallery.slug}`)
    expect(page.status).toBe(200)
    expect(page.text).not.toContain(`/download/content/${gallery.id}`)
    expect((await fetchBytes(fan, `/download/file/${assetId}`)).status).toBe(404)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}`)).status).toBe(404)

    // Web size only, although the plan gives originals: a JPEG at the largest web size.
    expect((await protect(admin, gallery.id, { downloadMode: 'web' })).status).toBe(200)
    const web = await fetchBytes(fan, `/download/file/${assetId}`)
    expect(web.status).toBe(200)
    expect(web.body.equals(original)).toBe(false)
    expect(await sharp(web.body).metadata()).toMatchObject({ format: 'jpeg', width: 1200 })
    const zip = await fetchBytes(fan, `/download/content/${gallery.id}`)
    expect(zip.status).toBe(200)
    expect(zip.body.includes(original.subarray(0, 2000))).toBe(false)

    // Originals, behind a PIN: asked by the button (401) and by a plain link (the PIN page).
    expect((await protect(admin, gallery.id, { downloadMode: 'originals', pin: '4821' })).status).toBe(200)
    for (const path of [`/download/file/${assetId}`, `/download/content/${gallery.id}`]) {
      const asked = await fan.request(path, { method: 'HEAD' })
      expect(asked.status).toBe(401)
      const navigated = await fan.get(path, { accept: 'text/html' })
      expect(navigated.status).toBe(303)
      expect(navigated.headers.location).toBe(`/download/pin?next=${encodeURIComponent(path)}`)
    }
    const pinPage = await fan.get(`/download/pin?next=${encodeURIComponent(`/download/file/${assetId}`)}`, {
      'accept-language': 'fr',
    })
    expect(pinPage.status).toBe(200)
    expect(pinPage.text).toContain('Code PIN de téléchargement')
    const wrongPin = await fan.postForm(
      '/download/pin',
      { next: `/download/file/${assetId}`, pin: '1111' },
      { 'accept-language': 'es' },
    )
    expect(wrongPin.status).toBe(403)
    expect(wrongPin.text).toContain('Ese PIN no es correcto')
    for (let attempt = 0; attempt < 4; attempt++)
      await fan.postForm('/download/pin', { next: `/download/file/${assetId}`, pin: '1111' })
    expect((await fan.postForm('/download/pin', { next: `/download/file/${assetId}`, pin: '4821' })).status).toBe(429)

    const other = new TestClient()
    const unlocked = await other.postForm('/download/pin', { next: `/download/file/${assetId}`, pin: '4821' })
    expect(unlocked.status).toBe(303)
    const full = await fetchBytes(other, `/download/file/${assetId}`)
    expect(full.status).toBe(200)
    expect(full.body.equals(original)).toBe(true)
    expect((await fetchBytes(other, `/download/content/${gallery.id}`)).status).toBe(200)
  })

  it('end on their date: fans see that it has ended and the landing; the company, and its fans who agreed to hear from it, are reminded 3 days before, once', async () => {
    const admin = await createCompanyAdmin('prot-end')
    await setPlan(admin, 'professional')
    const gallery = await publishedGallery(admin)
    const { assetId } = await withPhoto(admin, gallery.id)
    const other = await publishedGallery(admin, { title: 'Still Showing' })
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16)
    expect((await protect(admin, gallery.id, { expiresAt: soon })).status).toBe(200)
    // A date already past is refused.
    expect((await protect(admin, other.id, { expiresAt: '2020-01-01T10:00' })).status).toBe(400)

    // Fans who left their details on the gallery: one who agreed to hear from the company (twice,
    // the second time capitalised), one who did not.
    const fanLead = (email: string, marketingConsent: boolean) => ({
      companyId: admin.company.id,
      contentItemId: gallery.id,
      fullName: 'Marta Fã',
      email,
      marketingConsent,
      dataProcessingConsent: true,
      language: 'pt',
    })
    await withSystem((tx) =>
      tx
        .insert(lead)
        .values([
          fanLead('marta.end@example.com', true),
          fanLead('Marta.End@example.com', true),
          fanLead('quiet.end@example.com', false),
        ]),
    )
    const fanMails = (address: string) =>
      withSystem((tx) => tx.select().from(outboxMail).where(sql`lower(${outboxMail.to}) = ${address}`))
    await sendExpiryReminders(asPlatform('test'))
    const toFan = await fanMails('marta.end@example.com')
    expect(toFan).toHaveLength(1)
    expect(toFan[0].subject).toBe('“Backstage Night” termina em breve: guarde suas fotos')
    expect(toFan[0].text).toContain(`/${admin.company.slug}/galeria/${gallery.slug}`)
    expect(await fanMails('quiet.end@example.com')).toHaveLength(0)
    const mails = await withSystem((tx) =>
      tx
        .select()
        .from(outboxMail)
        .where(and(eq(outboxMail.to, admin.credentials.email), like(outboxMail.subject, '%Backstage Night%'))),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain(`/admin/content/${gallery.id}`)
    await sendExpiryReminders(asPlatform('test'))
    expect(
      await withSystem((tx) =>
        tx
          .select()
          .from(outboxMail)
          .where(and(eq(outboxMail.to, admin.credentials.email), like(outboxMail.subject, '%Backstage Night%'))),
      ),
    ).toHaveLength(1)
    expect(await fanMails('marta.end@example.com')).toHaveLength(1)

    const fan = new TestClient()
    const page = `/${admin.company.slug}/galeria/${gallery.slug}`
    expect((await fan.get(page)).status).toBe(200)
    await withSystem((tx) =>
      tx
        .update(contentItem)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(contentItem.id, gallery.id)),
    )
    const ended = await fan.get(page)
    expect(ended.status).toBe(303)
    const notice = await fan.get(ended.headers.location!)
    expect(notice.status).toBe(410)
    expect(notice.text).toContain('This gallery has ended')
    // The company's landing, without the ended gallery.
    expect(notice.text).toContain('Still Showing')
    expect(notice.text).not.toContain(`/galeria/${gallery.slug}"`)
    expect((await fetchBytes(fan, `/p/${assetId}/w400.webp`)).status).toBe(404)
    expect((await fetchBytes(fan, `/download/file/${assetId}`)).status).toBe(404)
  })
})
