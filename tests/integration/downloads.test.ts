import { randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readZip } from '../support/zip'
import { asset, assetRendition, auditEvent, contentItem, download, event, lead, organization } from '#db/schema'
import { leadCookieName, verifyLeadCookieValue } from '#app/features/leads/server/lead-cookie.server'
import { withSystem } from '#app/lib/db.server'
import { formatBytes } from '#app/lib/format-bytes'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'
import { waitForAssetsReady } from '../support/assets'
import { activateSubdomain, createCompanyAdmin } from '../support/fixtures'
import { fakeMp4, makePhoto, makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { sleep, waitUntil } from '../support/wait'
import { MEDIA_FOLD_MS } from '../../server/public-page-cache'

type Company = Awaited<ReturnType<typeof createCompanyAdmin>>

async function createItem(admin: Company, values: Partial<typeof contentItem.$inferInsert> & { title: string }) {
  const [item] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        slug: `g-${randomBytes(3).toString('hex')}`,
        status: 'published',
        publishedAt: new Date(),
        ...values,
      })
      .returning(),
  )
  return item
}

/** A processed file stored directly (videos need no renditions to be downloaded). */
async function storeFile(
  admin: Company,
  contentItemId: string,
  bytes: Buffer,
  options: { extension: string; mediaType: string; position: number; purpose?: string },
) {
  const id = randomUUID()
  const storageKey = mediaKey(admin.company.id, id, 'original', options.extension)
  await getStorage().put(storageKey, bytes, { contentType: 'application/octet-stream' })
  await withSystem((tx) =>
    tx.insert(asset).values({
      id,
      companyId: admin.company.id,
      contentItemId,
      purpose: options.purpose ?? 'gallery-media',
      mediaType: options.mediaType,
      originalName: `clip-${options.position}.${options.extension}`,
      mimeType: 'video/mp4',
      sizeBytes: bytes.length,
      storageKey,
      position: options.position,
      width: 1920,
      height: 1080,
      processingStatus: 'ready',
    }),
  )
  return { id, storageKey }
}

async function stored(key: string) {
  const chunks: Buffer[] = []
  for await (const chunk of await getStorage().read(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** One stored rendition of a file, as a condition. */
const renditionOf = (assetId: string, rendition: string, format: string) =>
  and(eq(assetRendition.assetId, assetId), eq(assetRendition.rendition, rendition), eq(assetRendition.format, format))

async function renditionKeys(assetId: string, rendition: string, format: string) {
  const rows = await withSystem((tx) =>
    tx
      .select({ key: assetRendition.storageKey })
      .from(assetRendition)
      .where(renditionOf(assetId, rendition, format)),
  )
  return rows.map((row) => row.key)
}

async function renditionKey(assetId: string, rendition: string, format: string) {
  const [key] = await renditionKeys(assetId, rendition, format)
  if (!key) throw new Error(`${assetId} has no ${rendition} ${format}`)
  return key
}

async function setPlan(admin: Company, plan: string) {
  await withSystem((tx) => tx.update(organization).set({ plan }).where(eq(organization.id, admin.company.id)))
}

/** GET with the body as bytes (the test client reads text). */
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

async function downloadsOf(contentItemId: string) {
  return withSystem((tx) =>
    tx.select().from(download).where(eq(download.contentItemId, contentItemId)).orderBy(download.createdAt),
  )
}

async function downloadCount(contentItemId: string) {
  const [row] = await withSystem((tx) =>
    tx.select({ count: contentItem.downloadCount }).from(contentItem).where(eq(contentItem.id, contentItemId)),
  )
  return row.count
}

function photo(color: string) {
  return makePhoto(2600, 1700, color, { quality: 90 })
}

describe("fans' downloads", () => {
  it('give Starter fans a JPEG at the largest web size and paid plans the original, counted once per download', async () => {
    const admin = await createCompanyAdmin('dl')
    const gallery = await createItem(admin, { title: 'Open Air: Night / 1' })
    const original = await photo('#e11d48')
    const upload = (await tusUpload(admin.client, original, {
      filename: 'IMG_0001.JPG',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([upload.assetId])
    const fan = new TestClient()

    const web = await fetchBytes(fan, `/download/file/${upload.assetId}`)
    expect(web.status).toBe(200)
    expect(web.headers['content-type']).toBe('image/jpeg')
    expect(web.headers['content-disposition']).toBe(
      `attachment; filename="Open Air Night 1 - 01.jpg"; filename*=UTF-8''Open%20Air%20Night%201%20-%2001.jpg`,
    )
    expect(web.headers['cache-control']).toBe('private, no-store')
    expect(Number(web.headers['content-length'])).toBe(web.body.length)
    expect(web.body.equals(await stored(await renditionKey(upload.assetId, 'w2400', 'jpeg')))).toBe(true)
    expect(await sharp(web.body).metadata()).toMatchObject({ format: 'jpeg', width: 2400 })

    // HEAD (the page checking first) is not a download.
    const head = await fan.request(`/download/file/${upload.assetId}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await downloadCount(gallery.id)).toBe(1)

    await setPlan(admin, 'professional')
    const full = await fetchBytes(fan, `/download/file/${upload.assetId}`)
    expect(full.status).toBe(200)
    expect(full.headers['content-type']).toBe('image/jpeg')
    expect(full.headers['content-disposition']).toContain('filename="Open Air Night 1 - 01.jpg"')
    expect(full.body.equals(original)).toBe(true)

    // Byte ranges resume a download; only one that starts at the first byte is a new download.
    const start = await fetchBytes(fan, `/download/file/${upload.assetId}`, { range: 'bytes=0-99' })
    expect(start.status).toBe(206)
    expect(start.body.equals(original.subarray(0, 100))).toBe(true)
    const resumed = await fetchBytes(fan, `/download/file/${upload.assetId}`, { range: 'bytes=100-' })
    expect(resumed.status).toBe(206)
    expect(resumed.body.equals(original.subarray(100))).toBe(true)

    await setPlan(admin, 'enterprise')
    expect((await fetchBytes(fan, `/download/file/${upload.assetId}`)).body.equals(original)).toBe(true)

    const rows = await downloadsOf(gallery.id)
    expect(rows.map((row) => [row.kind, row.quality, row.assetId, row.leadId])).toEqual([
      ['file', 'web', upload.assetId, null],
      ['file', 'original', upload.assetId, null],
      ['file', 'original', upload.assetId, null],
      ['file', 'original', upload.assetId, null],
    ])
    expect(await downloadCount(gallery.id)).toBe(4)
    const audited = await withSystem((tx) =>
      tx
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.companyId, admin.company.id), eq(auditEvent.category, 'download_tracking'))),
    )
    expect(audited).toHaveLength(4)
    expect(audited.map((event) => event.recordId).sort()).toEqual(rows.map((row) => row.id).sort())
    expect(audited[0].details).toMatchObject({ contentItemId: gallery.id, assetId: upload.assetId })
  })

  it('stream a whole gallery as a ZIP of stored entries with its exact length, in the quality of the plan', async () => {
    const admin = await createCompanyAdmin('zip')
    const gallery = await createItem(admin, { title: 'Açaí Sessions' })
    const originals = [await photo('#2563eb'), await photo('#16a34a')]
    const photos: string[] = []
    for (const [index, bytes] of originals.entries()) {
      photos.push(
        (
          (await tusUpload(admin.client, bytes, {
            filename: `same-name-${index}.jpg`,
            purpose: 'gallery-media',
            contentItemId: gallery.id,
          })) as { assetId: string }
        ).assetId,
      )
    }
    await waitForAssetsReady(photos)
    const clip = fakeMp4(randomBytes(300_000))
    const video = await storeFile(admin, gallery.id, clip, { extension: 'mp4', mediaType: 'video', position: 5 })
    const fan = new TestClient()

    // The gallery page offers it with the size it will have, and says what it holds.
    const page = await fan.get(`/${admin.company.slug}/galeria/${gallery.slug}`)
    expect(page.text).toContain(`/download/content/${gallery.id}`)
    expect(page.text).toContain('Download all (ZIP)')
    expect(page.text).toContain('Web size: 2 photos as JPEG · 1 video')

    // As a browser asks for it: compression would drop the length (and gain nothing on JPEG/MP4).
    const zip = await fetchBytes(fan, `/download/content/${gallery.id}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(zip.headers['content-encoding']).toBeUndefined()
    expect(zip.status).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(zip.headers['content-disposition']).toContain(`filename*=UTF-8''A%C3%A7a%C3%AD%20Sessions.zip`)
    expect(Number(zip.headers['content-length'])).toBe(zip.body.length)
    const entries = await readZip(zip.body)
    expect(entries.map((entry) => entry.name)).toEqual([
      'Açaí Sessions - 01.jpg',
      'Açaí Sessions - 02.jpg',
      'Açaí Sessions - 03.mp4',
    ])
    expect(entries.every((entry) => entry.method === 0)).toBe(true)
    expect(entries[0].bytes.equals(await stored(await renditionKey(photos[0], 'w2400', 'jpeg')))).toBe(true)
    expect(entries[1].bytes.equals(await stored(await renditionKey(photos[1], 'w2400', 'jpeg')))).toBe(true)
    for (const entry of entries.slice(0, 2))
      expect(await sharp(entry.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2400 })
    // Starter's web size is the photos' only: its videos leave as uploaded.
    expect(entries[2].bytes.equals(clip)).toBe(true)

    // The page's size is the archive's size.
    const head = await fan.request(`/download/content/${gallery.id}`, { method: 'HEAD' })
    expect(Number(head.headers['content-length'])).toBe(zip.body.length)

    await setPlan(admin, 'professional')
    const full = await fetchBytes(fan, `/download/content/${gallery.id}`)
    expect(Number(full.headers['content-length'])).toBe(full.body.length)
    const fullEntries = await readZip(full.body)
    expect(fullEntries.map((entry) => entry.name)).toEqual([
      'Açaí Sessions - 01.jpg',
      'Açaí Sessions - 02.jpg',
      'Açaí Sessions - 03.mp4',
    ])
    expect(fullEntries[0].bytes.equals(originals[0])).toBe(true)
    expect(fullEntries[1].bytes.equals(originals[1])).toBe(true)
    expect(fullEntries[2].bytes.equals(clip)).toBe(true)

    // A single video of the gallery, and a single content item's file (PDF) by its item.
    expect((await fetchBytes(fan, `/download/file/${video.id}`)).body.equals(clip)).toBe(true)
    const single = await createItem(admin, { title: 'Tour Poster', kind: 'single', slug: null })
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)])
    await storeFile(admin, single.id, pdf, { extension: 'pdf', mediaType: 'pdf', position: 0, purpose: 'content-file' })
    const poster = await fetchBytes(fan, `/download/content/${single.id}`)
    expect(poster.status).toBe(200)
    expect(poster.headers['content-disposition']).toContain('filename="Tour Poster.pdf"')
    expect(poster.body.equals(pdf)).toBe(true)

    expect((await downloadsOf(gallery.id)).map((row) => [row.kind, row.quality])).toEqual([
      ['zip', 'web'],
      ['zip', 'original'],
      ['file', 'original'],
    ])
    expect(await downloadCount(gallery.id)).toBe(3)
    expect(await downloadCount(single.id)).toBe(1)
  })

  it('send the first bytes of a ZIP before it has read the files further on', async () => {
    const admin = await createCompanyAdmin('stream')
    await setPlan(admin, 'professional')
    const gallery = await createItem(admin, { title: 'Big Night' })
    const size = 16 * 1024 * 1024
    const files: Array<{ id: string; storageKey: string }> = []
    for (let position = 0; position < 3; position++)
      files.push(
        await storeFile(admin, gallery.id, randomBytes(size), { extension: 'mp4', mediaType: 'video', position }),
      )
    const fan = new TestClient()

    const outcome = await new Promise<{ length: number; received: number; complete: boolean }>((resolve, reject) => {
      const request = http.get(
        new URL(`/download/content/${gallery.id}`, fan.baseUrl),
        { localAddress: fan.localAddress },
        (response) => {
          const length = Number(response.headers['content-length'])
          let received = 0
          let first = true
          response.on('data', (chunk: Buffer) => {
            received += chunk.length
            if (!first) return
            first = false
            // The archive has started; the last file has not been read yet, so taking it away now
            // breaks the download off there instead of changing nothing.
            response.pause()
            getStorage()
              .delete(files[2].storageKey)
              .then(() => response.resume(), reject)
          })
          response.on('close', () => resolve({ length, received, complete: response.complete }))
        },
      )
      request.on('error', () => undefined)
    })
    expect(outcome.length).toBeGreaterThan(3 * size)
    expect(outcome.received).toBeGreaterThan(2 * size)
    expect(outcome.received).toBeLessThan(outcome.length)
    expect(outcome.complete).toBe(false)
  })

  it('serve nothing of drafts, covers or unknown ids', async () => {
    const admin = await createCompanyAdmin('hidden')
    await setPlan(admin, 'professional')
    const draft = await createItem(admin, { title: 'Secret', status: 'draft', publishedAt: null })
    const hidden = await storeFile(admin, draft.id, randomBytes(1000), {
      extension: 'mp4',
      mediaType: 'video',
      position: 0,
    })
    const published = await createItem(admin, { title: 'Open' })
    const cover = await storeFile(admin, published.id, randomBytes(1000), {
      extension: 'mp4',
      mediaType: 'video',
      position: 0,
      purpose: 'cover',
    })
    const empty = await createItem(admin, { title: 'Nothing yet' })
    const fan = new TestClient()
    for (const path of [
      `/download/file/${hidden.id}`,
      `/download/content/${draft.id}`,
      `/download/file/${cover.id}`,
      `/download/content/${empty.id}`,
      `/download/file/${randomUUID()}`,
      '/download/file/not-a-uuid',
    ]) {
      const response = await fan.get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers['cache-control'], path).toBe('no-store')
    }
    expect(await downloadsOf(draft.id)).toEqual([])
  })

  it('ask for the fan’s details first where the item requires them, remembered by a signed cookie', async () => {
    const admin = await createCompanyAdmin('lead')
    await setPlan(admin, 'professional')
    const gallery = await createItem(admin, { title: 'Members Only', requireLead: true })
    const clip = randomBytes(5000)
    const file = await storeFile(admin, gallery.id, clip, { extension: 'mp4', mediaType: 'video', position: 0 })
    const next = `/download/file/${file.id}`
    const fan = new TestClient()
    fan.setCookie('lang', 'en')

    const refused = await fan.get(next)
    expect(refused.status).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'LEAD_REQUIRED' })
    // A browser following the link without JavaScript gets the form page.
    const navigated = await fan.get(next, { accept: 'text/html' })
    expect(navigated.status).toBe(303)
    expect(navigated.headers.location).toBe(`/download/lead?next=${encodeURIComponent(next)}`)
    const form = await fan.get(navigated.headers.location!)
    expect(form.status).toBe(200)
    expect(form.text).toContain('name="fullName"')
    expect(form.text).toContain(`href="/${admin.company.slug}/privacidade"`)

    const valid = {
      next,
      fullName: 'Ana Souza',
      email: 'Ana.Souza@Example.com',
      phone: '+55 11 91234-5678',
      organisation: 'Fan Club',
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
      sourceUrl: `${fan.baseUrl}/${admin.company.slug}/galeria/${gallery.slug}`,
    }
    const messages = {
      en: [
        'Required Fields Missing',
        'Please fill in all required fields',
        'Please accept the privacy policy to continue',
        'Please agree to the processing of your data to continue',
        'Name must be between 2 and 100 characters',
        'Please enter a valid email address',
      ],
      pt: [
        'Campos obrigatórios ausentes',
        'Preencha todos os campos obrigatórios',
        'Aceite a política de privacidade para continuar',
        'Autorize o tratamento dos seus dados para continuar',
        'O nome deve ter entre 2 e 100 caracteres',
        'Informe um endereço de email válido',
      ],
    }
    // The page posts to its own address; messages are matched as shown text (the catalogs ship in the page's data too).
    const formPath = navigated.headers.location!
    const shown = (text: string) => `>${text}<`
    for (const [language, [missingTitle, missingText, privacy, processing, nameLength, email]] of Object.entries(
      messages,
    )) {
      fan.setCookie('lang', language)
      const empty = await fan.postForm(formPath, { next })
      expect(empty.status).toBe(400)
      for (const text of [missingTitle, missingText, privacy, processing])
        expect(empty.text, `${language}: ${text}`).toContain(shown(text))
      const shortName = await fan.postForm(formPath, { ...valid, fullName: 'A' })
      expect(shortName.status).toBe(400)
      expect(shortName.text).toContain(shown(nameLength))
      expect(shortName.text).not.toContain(shown(missingTitle))
      expect(shortName.text).toContain('value="Ana.Souza@Example.com"')
      expect((await fan.postForm(formPath, { ...valid, email: 'ana@' })).text).toContain(shown(email))
      expect((await fan.postForm(formPath, { ...valid, privacyAccepted: '' })).text).toContain(shown(privacy))
      expect((await fan.postForm(formPath, { ...valid, dataProcessingConsent: '' })).text).toContain(shown(processing))
    }
    const leadsOf = () => withSystem((tx) => tx.select().from(lead).where(eq(lead.companyId, admin.company.id)))
    expect(await leadsOf()).toEqual([])
    expect(fan.cookies.has(leadCookieName(admin.company.id))).toBe(false)

    fan.setCookie('lang', 'en')
    const accepted = await fan.postForm(formPath, valid)
    expect(accepted.status).toBe(303)
    expect(accepted.headers.location).toBe(`/download/lead?next=${encodeURIComponent(next)}`)
    const setCookie = (accepted.headers['set-cookie'] ?? []).find((line) =>
      line.startsWith(`${leadCookieName(admin.company.id)}=`),
    )!
    expect(setCookie).toMatch(/; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/)
    const [stored] = await leadsOf()
    expect(stored).toMatchObject({
      fullName: 'Ana Souza',
      email: 'ana.souza@example.com',
      phone: '+55 11 91234-5678',
      organisation: 'Fan Club',
      contentItemId: gallery.id,
      dataProcessingConsent: true,
      marketingConsent: false,
      policyVersion: '1.0',
      language: 'en',
      sourceUrl: valid.sourceUrl,
    })
    expect(stored.privacyAcceptedAt).toBeInstanceOf(Date)
    const cookieValue = fan.cookies.get(leadCookieName(admin.company.id))!
    expect(verifyLeadCookieValue(admin.company.id, cookieValue)).toBe(stored.id)

    // The page now starts the download (without JavaScript too) and the file is served.
    const ready = await fan.get(accepted.headers.location!)
    expect(ready.text).toMatch(new RegExp(`http-equiv="refresh" content="1;url=${next}"`))
    const allowed = await fetchBytes(fan, next)
    expect(allowed.status).toBe(200)
    expect(allowed.body.equals(clip)).toBe(true)
    expect((await downloadsOf(gallery.id)).map((row) => row.leadId)).toEqual([stored.id])

    // A tampered cookie, or one for another company's lead, is ignored.
    const [leadId, expires, signature] = cookieValue.split('.')
    const forger = new TestClient()
    forger.setCookie(leadCookieName(admin.company.id), `${leadId}.${Number(expires) + 1}.${signature}`)
    expect((await forger.get(next)).status).toBe(403)
    forger.setCookie(leadCookieName(admin.company.id), `${randomUUID()}.${expires}.${signature}`)
    expect((await forger.get(next)).status).toBe(403)

    // The same e-mail again (another case, from the dialog) renews the consent, not a second lead.
    const again = new TestClient()
    again.setCookie('lang', 'pt')
    const repeat = await again.postForm('/download/lead.data', {
      ...valid,
      intent: 'dialog',
      email: 'ANA.SOUZA@example.com',
      fullName: 'Ana S. Souza',
      phone: '',
      marketingConsent: 'on',
    })
    expect(repeat.status).toBe(200)
    expect(verifyLeadCookieValue(admin.company.id, again.cookies.get(leadCookieName(admin.company.id)))).toBe(stored.id)
    const leads = await leadsOf()
    expect(leads).toHaveLength(1)
    expect(leads[0]).toMatchObject({
      id: stored.id,
      fullName: 'Ana S. Souza',
      phone: '+55 11 91234-5678',
      marketingConsent: true,
      language: 'pt',
    })
    expect(leads[0].privacyAcceptedAt!.getTime()).toBeGreaterThanOrEqual(stored.privacyAcceptedAt!.getTime())
    expect((await fetchBytes(again, next)).status).toBe(200)
  })

  it("keep each company to its own files: a lead cookie unlocks only its company, a subdomain shows only its company's", async () => {
    const first = await createCompanyAdmin('own-a')
    const second = await createCompanyAdmin('own-b')
    const galleries = [
      await createItem(first, { title: 'A Night', requireLead: true }),
      await createItem(second, { title: 'B Night', requireLead: true }),
    ]
    const [fileA, fileB] = [
      await storeFile(first, galleries[0].id, randomBytes(3000), { extension: 'mp4', mediaType: 'video', position: 0 }),
      await storeFile(second, galleries[1].id, randomBytes(3000), {
        extension: 'mp4',
        mediaType: 'video',
        position: 0,
      }),
    ]
    const fan = new TestClient()
    const form = `/download/lead?next=${encodeURIComponent(`/download/file/${fileA.id}`)}`
    expect(
      (
        await fan.postForm(form, {
          next: `/download/file/${fileA.id}`,
          fullName: 'Rui Costa',
          email: 'rui@example.com',
          privacyAccepted: 'on',
          dataProcessingConsent: 'on',
        })
      ).status,
    ).toBe(303)
    expect((await fan.get(`/download/file/${fileA.id}`)).status).toBe(200)
    expect((await fan.get(`/download/file/${fileB.id}`)).status).toBe(403)
    // The first company's cookie, renamed for the second, is not the second's.
    fan.setCookie(leadCookieName(second.company.id), fan.cookies.get(leadCookieName(first.company.id))!)
    expect((await fan.get(`/download/file/${fileB.id}`)).status).toBe(403)

    await activateSubdomain(first.company)
    await activateSubdomain(second.company)
    const { app, url } = await startSecondApp({ PLATFORM_DOMAIN: 'afterglow.test' })
    try {
      const onSubdomain = new TestClient(url)
      for (const [name, value] of fan.cookies) onSubdomain.setCookie(name, value)
      const hostA = { host: `${first.company.slug}.afterglow.test` }
      expect((await onSubdomain.get(`/download/file/${fileA.id}`, hostA)).status).toBe(200)
      expect((await onSubdomain.get(`/download/file/${fileB.id}`, hostA)).status).toBe(404)
      expect((await onSubdomain.get(`/download/content/${galleries[1].id}`, hostA)).status).toBe(404)
      expect(
        (await onSubdomain.get(`/download/file/${fileB.id}`, { host: `${second.company.slug}.afterglow.test` })).status,
      ).toBe(403)
    } finally {
      await app.stop()
    }
  })
})

/** A file uploaded as the admin's browser does, once processed. */
async function uploadReady(admin: Company, contentItemId: string, bytes: Buffer, filename: string) {
  const { assetId } = (await tusUpload(admin.client, bytes, {
    filename,
    purpose: 'gallery-media',
    contentItemId,
  })) as { assetId: string }
  await waitForAssetsReady([assetId], 60_000)
  return assetId
}

function setDownloadMode(admin: Company, galleryId: string, downloadMode: 'web' | 'originals') {
  return admin.client.postForm(`/admin/content/${galleryId}/protection`, { downloadMode })
}

async function hasRendition(assetId: string, rendition: string, format: string) {
  return (await renditionKeys(assetId, rendition, format)).length > 0
}

/** An MP4's index (moov) and pictures (mdat) boxes' places: the web version has its index first. */
function boxesOf(bytes: Buffer) {
  return { moov: bytes.indexOf('moov'), mdat: bytes.indexOf('mdat') }
}

describe('a gallery whose downloads are web size only', () => {
  it('gives JPEGs at the widest web size and videos as their web version, nothing else, as its page says', async () => {
    const admin = await createCompanyAdmin('web-only')
    await setPlan(admin, 'professional')
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({ companyId: admin.company.id, slug: 'web-show', title: 'Web Show', status: 'published' })
        .returning(),
    )
    const gallery = await createItem(admin, { title: 'Web Night', eventId: show.id })
    const photos = [
      await uploadReady(admin, gallery.id, await photo('#f59e0b'), 'a.jpg'),
      await uploadReady(admin, gallery.id, await photo('#0ea5e9'), 'b.jpg'),
    ]
    const clip = await makeVideo('mp4', 1)
    const video = await uploadReady(admin, gallery.id, clip, 'encore.mp4')
    // A PDF in the gallery leaves as uploaded with originals, and not at all at web size.
    await storeFile(admin, gallery.id, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500)]), {
      extension: 'pdf',
      mediaType: 'pdf',
      position: 99,
    })
    // With originals, no video is transcoded: the file as uploaded is what fans get.
    expect(await hasRendition(video, 'web', 'mp4')).toBe(false)

    // Saving the switch queues the video's web version.
    expect((await setDownloadMode(admin, gallery.id, 'web')).status).toBe(200)
    await waitUntil(() => hasRendition(video, 'web', 'mp4'), { timeoutMs: 60_000, message: 'no web version made' })
    const webVideo = await stored(await renditionKey(video, 'web', 'mp4'))
    expect(webVideo.equals(clip)).toBe(false)
    expect(boxesOf(webVideo).moov).toBeLessThan(boxesOf(webVideo).mdat)

    const fan = new TestClient()
    const page = await fan.get(`/${admin.company.slug}/galeria/${gallery.slug}`)
    expect(page.text).toContain('Web size: 2 photos as JPEG · 1 video')
    // The event's list says the same of it, in the fan's language.
    const eventPage = await fan.get(`/${admin.company.slug}/evento/${show.slug}`, { 'accept-language': 'pt-BR' })
    expect(eventPage.text).toContain('Tamanho web: 2 fotos em JPEG · 1 vídeo')
    const zip = await fetchBytes(fan, `/download/content/${gallery.id}`)
    expect(zip.status).toBe(200)
    expect(Number(zip.headers['content-length'])).toBe(zip.body.length)
    const entries = await readZip(zip.body)
    expect(entries.map((entry) => entry.name)).toEqual([
      'Web Night - 01.jpg',
      'Web Night - 02.jpg',
      'Web Night - 03.mp4',
    ])
    for (const [index, assetId] of photos.entries()) {
      expect(entries[index].bytes.equals(await stored(await renditionKey(assetId, 'w2400', 'jpeg')))).toBe(true)
      expect(await sharp(entries[index].bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2400 })
    }
    expect(entries[2].bytes.equals(webVideo)).toBe(true)
    // The size the page showed is the ZIP's.
    expect(page.text).toContain(`${formatBytes(zip.body.length, 'en')}</span>`)
    const head = await fan.request(`/download/content/${gallery.id}`, { method: 'HEAD' })
    expect(Number(head.headers['content-length'])).toBe(zip.body.length)

    // The viewer's button on the video: its web version too.
    const single = await fetchBytes(fan, `/download/file/${video}`)
    expect(single.status).toBe(200)
    expect(single.headers['content-type']).toBe('video/mp4')
    expect(single.headers['content-disposition']).toContain('filename="Web Night - 03.mp4"')
    expect(Number(single.headers['content-length'])).toBe(single.body.length)
    expect(single.body.equals(webVideo)).toBe(true)
    expect((await downloadsOf(gallery.id)).map((row) => [row.kind, row.quality])).toEqual([
      ['zip', 'web'],
      ['file', 'web'],
    ])

    // A video added to the gallery now gets its web version as soon as it is processed.
    const late = await uploadReady(admin, gallery.id, await makeVideo('mp4', 1), 'late.mp4')
    await waitUntil(() => hasRendition(late, 'web', 'mp4'), { timeoutMs: 60_000, message: 'no web version made' })

    // Back to originals: the files as uploaded, the PDF among them.
    expect((await setDownloadMode(admin, gallery.id, 'originals')).status).toBe(200)
    const originals = await readZip((await fetchBytes(fan, `/download/content/${gallery.id}`)).body)
    expect(originals).toHaveLength(5)
    expect(originals.slice(0, 3).map((entry) => entry.name)).toEqual([
      'Web Night - 01.jpg',
      'Web Night - 02.jpg',
      'Web Night - 03.mp4',
    ])
    expect(originals[2].bytes.equals(clip)).toBe(true)
    expect(originals.filter((entry) => entry.name.endsWith('.pdf'))).toHaveLength(1)
  })

  it('still gives what exists for files processed before, and has the rest made for the fans after', async () => {
    const admin = await createCompanyAdmin('web-before')
    await setPlan(admin, 'professional')
    const gallery = await createItem(admin, { title: 'Old Night' })
    const photoId = await uploadReady(admin, gallery.id, await photo('#84cc16'), 'old.jpg')
    const video = await uploadReady(admin, gallery.id, await makeVideo('mp4', 1), 'old.mp4')
    // As before this change: no JPEG at the widest web size, and a gallery switched to web size
    // only before videos had web versions (set on the row: nothing was queued for it).
    const w2400 = await renditionKey(photoId, 'w2400', 'jpeg')
    await withSystem((tx) => tx.delete(assetRendition).where(renditionOf(photoId, 'w2400', 'jpeg')))
    await getStorage().delete(w2400)
    await withSystem((tx) => tx.update(contentItem).set({ downloadMode: 'web' }).where(eq(contentItem.id, gallery.id)))
    expect(await hasRendition(video, 'web', 'mp4')).toBe(false)

    const fan = new TestClient()
    const page = await fan.get(`/${admin.company.slug}/galeria/${gallery.slug}`)
    expect(page.text).toContain('Web size: 1 photo as JPEG')
    expect(page.text).not.toContain('1 photo as JPEG · 1 video')
    // The JPEG it has (1200 px), and no video: nothing leaves as uploaded.
    const before = await fetchBytes(fan, `/download/content/${gallery.id}`)
    expect(Number(before.headers['content-length'])).toBe(before.body.length)
    const first = await readZip(before.body)
    expect(first.map((entry) => entry.name)).toEqual(['Old Night - 01.jpg'])
    expect(await sharp(first[0].bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200 })

    // That download queued what it lacked.
    await waitUntil(async () => (await hasRendition(photoId, 'w2400', 'jpeg')) && hasRendition(video, 'web', 'mp4'), {
      timeoutMs: 60_000,
      message: 'the missing JPEG and web version were not made',
    })
    const after = await fetchBytes(fan, `/download/content/${gallery.id}`)
    expect(Number(after.headers['content-length'])).toBe(after.body.length)
    const second = await readZip(after.body)
    expect(second.map((entry) => entry.name)).toEqual(['Old Night - 01.jpg', 'Old Night - 02.mp4'])
    expect(await sharp(second[0].bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2400 })
    expect(second[1].bytes.equals(await stored(await renditionKey(video, 'web', 'mp4')))).toBe(true)
    // The page's offer follows (once the shared page's second of newly processed files is over): its size is the new ZIP's.
    await sleep(MEDIA_FOLD_MS)
    const again = await fan.get(`/${admin.company.slug}/galeria/${gallery.slug}`)
    expect(again.text).toContain('Web size: 1 photo as JPEG · 1 video')
    expect(again.text).toContain(`${formatBytes(after.body.length, 'en')}</span>`)
    const head = await fan.request(`/download/content/${gallery.id}`, { method: 'HEAD' })
    expect(Number(head.headers['content-length'])).toBe(after.body.length)
  })
})

describe('the lead form under a flood', () => {
  it('accepts a venue’s worth of fans from one address, then asks a script to slow down', async () => {
    const admin = await createCompanyAdmin('flood')
    const gallery = await createItem(admin, { title: 'Flooded', requireLead: true })
    const file = await storeFile(admin, gallery.id, randomBytes(2000), {
      extension: 'mp4',
      mediaType: 'video',
      position: 0,
    })
    const next = `/download/file/${file.id}`
    // Each a fan of its own (no lead cookie yet), all behind the venue's one address.
    const venue = new TestClient().localAddress
    const fanAt = () => {
      const fan = new TestClient(undefined, venue)
      fan.setCookie('lang', 'en')
      return fan
    }
    const formPath = `/download/lead?next=${encodeURIComponent(next)}`
    const submit = (i: number) =>
      fanAt().postForm(formPath, {
        next,
        fullName: `Fan ${i}`,
        email: `fan${i}@flood.test`,
        privacyAccepted: 'on',
        dataProcessingConsent: 'on',
      })
    for (let i = 0; i < 30; i++) expect((await submit(i)).status).toBe(303)
    // The 31st sees the form again with the reason, in their language.
    const refused = await submit(30)
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBeTruthy()
    expect(refused.text).toContain('Too many attempts from your connection. Please wait a minute and try again.')
    // Refused already: the next posts are answered before the form is read or the page rendered,
    // with the same reason, from the page and from the dialog's script alike.
    const again = await submit(31)
    expect(again.status).toBe(429)
    expect(again.headers['retry-after']).toBeTruthy()
    expect(again.text).toContain('Too many attempts from your connection. Please wait a minute and try again.')
    expect(again.text.length).toBeLessThan(refused.text.length / 10)
    const fromScript = await fanAt().postForm(`/download/lead.data?next=${encodeURIComponent(next)}`, {
      next,
      fullName: 'Fan 32',
      email: 'fan32@flood.test',
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
    })
    expect(fromScript.status).toBe(429)
    expect(fromScript.text).toContain('downloads.errors.tooMany')
    const stored = await withSystem((tx) =>
      tx.select({ id: lead.id }).from(lead).where(eq(lead.companyId, admin.company.id)),
    )
    expect(stored).toHaveLength(30)
  })
})
