import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { asset, contentItem, event, organization } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin } from '../support/fixtures'
import { tusUpload } from '../support/tus'

// A real 1×1 PNG; its bytes, not its name, make it an image.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)

async function createGallery(companyId: string, values: Partial<typeof contentItem.$inferInsert> = {}) {
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId, kind: 'gallery', title: 'Encore night', ...values })
      .returning(),
  )
  return gallery
}

describe('resumable uploads', () => {
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let galleryId: string

  beforeAll(async () => {
    admin = await createCompanyAdmin('uploads')
    galleryId = (await createGallery(admin.company.id)).id
  })

  it('stores a photo in the gallery, byte for byte, as an asset of the company', async () => {
    const result = await tusUpload(admin.client, PNG, {
      filename: 'IMG_0001.png',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(result).toMatchObject({ ok: true })
    const assetId = (result as { assetId: string }).assetId
    const [row] = await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, assetId)))
    expect(row).toMatchObject({
      companyId: admin.company.id,
      contentItemId: galleryId,
      mediaType: 'image',
      originalName: 'IMG_0001.png',
      sizeBytes: PNG.length,
    })
    // Queued for processing, which a worker starts at once (no poll wait): any step but failed.
    expect(['pending', 'processing', 'ready']).toContain(row.processingStatus)
    expect(row.storageKey).toBe(`${admin.company.id}/${assetId}/original.png`)
    const stored = Buffer.concat(await (await getStorage().read(row.storageKey)).toArray())
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(PNG).digest('hex'))
  })

  it('refuses a second file of the same name in a gallery', async () => {
    const result = await tusUpload(admin.client, PNG, {
      filename: 'img_0001.PNG',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(result).toMatchObject({ ok: false, status: 409 })
    expect(JSON.parse((result as { body: string }).body).message).toBe('File already exists in gallery')
  })

  it('refuses blocked types and oversized declarations before accepting any byte', async () => {
    const blocked = await tusUpload(admin.client, PNG, {
      filename: 'setup.exe',
      purpose: 'content-file',
      contentItemId: galleryId,
    })
    expect(blocked).toMatchObject({ ok: false, status: 400 })
    expect(JSON.parse((blocked as { body: string }).body).message).toBe('File type not allowed for security reasons')
    const cover = await tusUpload(admin.client, PNG, { filename: 'cover.mp4', purpose: 'cover' })
    expect(JSON.parse((cover as { body: string }).body).message).toBe('Only image files are accepted')
    // Declare 101 MB for a photo: refused at creation, with nothing sent.
    const created = await admin.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(101 * 1024 * 1024),
        'upload-metadata': `filename ${Buffer.from('big.jpg').toString('base64')},purpose ${Buffer.from('gallery-media').toString('base64')},contentItemId ${Buffer.from(galleryId).toString('base64')}`,
      },
    })
    expect(created.status).toBe(413)
    expect(created.json().message).toBe('Image must be smaller than 100MB')
    // Past what any upload may be (tus's own limit), and an upload that is not there: in the uploader's language too.
    const huge = await admin.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'accept-language': 'pt-BR',
        'upload-length': String(11 * 1024 ** 3),
        'upload-metadata': `filename ${Buffer.from('big.mov').toString('base64')},purpose ${Buffer.from('content-file').toString('base64')},contentItemId ${Buffer.from(galleryId).toString('base64')}`,
      },
    })
    expect(huge.status).toBe(413)
    expect(huge.json()).toEqual({
      messageKey: 'uploads.errors.contentTooLarge',
      message: 'O arquivo deve ter menos de 10GB',
    })
    const missing = await admin.client.request('/api/uploads/0123456789abcdef0123456789abcdef', {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'accept-language': 'fr',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      raw: Buffer.from('bytes'),
    })
    expect(missing.status).toBe(404)
    expect(missing.json()).toEqual({
      messageKey: 'uploads.errors.notFound',
      message: 'Cet envoi n’existe plus. Recommencez-le.',
    })
  })

  it('refuses a NUL, line break or other control character in the file name or type at creation, before any byte', async () => {
    const metadata = (values: Record<string, string>) =>
      Object.entries(values)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',')
    for (const [filename, filetype] of [
      ['IMG\u0000.png', 'image/png'],
      ['IMG\n0002.png', 'image/png'],
      ['IMG\u001b[31m.png', 'image/png'],
      ['IMG_0003.png', 'image/png\r\nX-Injected: 1'],
      ['IMG_0004.png', 'image/png\u0000'],
    ]) {
      const label = JSON.stringify([filename, filetype])
      const created = await admin.client.request('/api/uploads', {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(PNG.length),
          'upload-metadata': metadata({ filename, filetype, purpose: 'gallery-media', contentItemId: galleryId }),
          'accept-language': 'fr',
        },
      })
      expect(created.status, label).toBe(400)
      expect(created.headers.location, label).toBeUndefined()
      expect(created.json().message, label).toBe(
        'Le nom ou le type du fichier contient des caractères de contrôle (retour à la ligne, NUL…) : renommez-le puis réessayez.',
      )
    }
    // The real client is refused at once too, and nothing of the file is kept.
    const before = await withSystem((tx) => tx.select().from(asset).where(eq(asset.contentItemId, galleryId)))
    const refused = await tusUpload(admin.client, PNG, {
      filename: 'IMG\u0000.png',
      filetype: 'image/png',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(refused).toMatchObject({ ok: false, status: 400, url: null })
    const after = await withSystem((tx) => tx.select().from(asset).where(eq(asset.contentItemId, galleryId)))
    expect(after).toHaveLength(before.length)
  })

  it('refuses a file whose bytes are not what its name says, and keeps nothing of it', async () => {
    const before = await withSystem((tx) => tx.select().from(asset).where(eq(asset.contentItemId, galleryId)))
    const result = await tusUpload(admin.client, Buffer.from('just some text, not a photo'), {
      filename: 'fake.jpg',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(result).toMatchObject({ ok: false, status: 422 })
    expect(JSON.parse((result as { body: string }).body).message).toBe("The file's content does not match its name")
    const after = await withSystem((tx) => tx.select().from(asset).where(eq(asset.contentItemId, galleryId)))
    expect(after).toHaveLength(before.length)
  })

  it('answers in the uploader language', async () => {
    admin.client.setCookie('lang', 'pt')
    const result = await tusUpload(admin.client, PNG, {
      filename: 'virus.jar',
      purpose: 'content-file',
      contentItemId: galleryId,
    })
    admin.client.setCookie('lang', 'en')
    expect(JSON.parse((result as { body: string }).body).message).toBe(
      'Tipo de arquivo não permitido por motivos de segurança',
    )
  })

  it("keeps companies apart: no uploading into another company's gallery, no resuming its uploads", async () => {
    const other = await createCompanyAdmin('intruder')
    const intoForeign = await tusUpload(other.client, PNG, {
      filename: 'x.png',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(intoForeign).toMatchObject({ ok: false, status: 404 })
    const started = await admin.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(PNG.length),
        'upload-metadata': `filename ${Buffer.from('late.png').toString('base64')},purpose ${Buffer.from('gallery-media').toString('base64')},contentItemId ${Buffer.from(galleryId).toString('base64')}`,
      },
    })
    expect(started.status).toBe(201)
    const location = String(started.headers.location)
    const peek = await other.client.request(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })
    expect(peek.status).toBe(404)
    const anonymous = await new TestClient().request(location, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    })
    expect(anonymous.status).toBe(401)
  })

  it('enforces the storage quota and Starter’s 50 photos per event', async () => {
    const company = await createCompanyAdmin('quota')
    const [evening] = await withSystem((tx) =>
      tx.insert(event).values({ companyId: company.company.id, slug: 'evening', title: 'Evening' }).returning(),
    )
    const gallery = await createGallery(company.company.id, { eventId: evening.id })
    await withSystem((tx) =>
      tx.insert(asset).values(
        Array.from({ length: 50 }, (_, i) => ({
          companyId: company.company.id,
          contentItemId: gallery.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: `p${i}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          storageKey: `${company.company.id}/seed-${i}/original.jpg`,
        })),
      ),
    )
    const fiftyFirst = await tusUpload(company.client, PNG, {
      filename: 'p50.png',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    // A plan limit: 402, with the plan that lifts it and where to get it.
    expect(fiftyFirst).toMatchObject({ ok: false, status: 402 })
    expect(JSON.parse((fiftyFirst as { body: string }).body)).toMatchObject({
      message: 'The Starter plan allows up to 50 photos per event. Upgrade to add more.',
      plan: 'professional',
      upgradeUrl: '/admin/subscription',
    })
    await getDb().update(organization).set({ plan: 'professional' }).where(eq(organization.id, company.company.id))
    expect(
      await tusUpload(company.client, PNG, {
        filename: 'p50.png',
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      }),
    ).toMatchObject({ ok: true })

    await getDb().update(organization).set({ plan: 'starter' }).where(eq(organization.id, company.company.id))
    await withSystem((tx) =>
      tx
        .update(asset)
        .set({ sizeBytes: 1024 * 1024 * 1024 })
        .where(eq(asset.originalName, 'p0.jpg')),
    )
    const overQuota = await tusUpload(company.client, PNG, {
      filename: 'one-more.png',
      purpose: 'gallery-media',
      contentItemId: (await createGallery(company.company.id)).id,
    })
    expect(overQuota).toMatchObject({ ok: false, status: 402 })
    expect(JSON.parse((overQuota as { body: string }).body).message).toContain("Your plan's storage is full")
  })
})
