import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { asset, assetRendition, contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { TestClient } from '../support/http-client'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

type Company = Awaited<ReturnType<typeof createCompanyAdmin>>

/** A multipart post of the watermark form, as the settings page sends it. */
async function postWatermark(
  admin: Company,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData()
  for (const [name, value] of Object.entries({
    intent: 'save',
    position: 'bottom-right',
    scale: '20',
    opacity: '100',
    ...fields,
  }))
    form.set(name, value)
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const request = new Request('http://multipart.invalid/', { method: 'POST', body: form })
  return admin.client.request('/admin/settings/watermark', {
    raw: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  })
}

function fetchBytes(client: TestClient, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        new URL(path, client.baseUrl),
        { headers: { cookie: client.cookieHeader() }, localAddress: client.localAddress },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }))
          response.on('error', reject)
        },
      )
      .on('error', reject)
  })
}

async function renditionKey(assetId: string) {
  const [row] = await withSystem((tx) =>
    tx
      .select({ key: assetRendition.storageKey })
      .from(assetRendition)
      .where(
        and(
          eq(assetRendition.assetId, assetId),
          eq(assetRendition.rendition, 'w1200'),
          eq(assetRendition.format, 'webp'),
        ),
      ),
  )
  return row?.key ?? ''
}

/** The colour of one pixel of an image, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  return [data[offset], data[offset + 1], data[offset + 2]]
}

const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60
const isBlue = ([r, g, b]: number[]) => b > 180 && r < 80 && g < 140

describe("a company's watermark", () => {
  it('is laid on the renditions fans see and download, never on the original, and made again in the background when it changes', async () => {
    const admin = await createCompanyAdmin('wm')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          slug: `g-${randomBytes(3).toString('hex')}`,
          title: 'Marked',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const original = await makePhoto(1600, 1000, '#2563eb', { quality: 92 })
    const { assetId } = (await tusUpload(admin.client, original, {
      filename: 'blue.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([assetId])
    const fan = new TestClient()
    // Where a 20% watermark sits on the 1200 px rendition (1200 × 750), bottom right, 3% from the edges: its centre.
    const spot = { x: 1200 - 36 - 120, y: 750 - 36 - 120 }
    const before = await fetchBytes(fan, `/p/${assetId}/w1200.webp`)
    expect(isBlue(await pixel(before.body, spot.x, spot.y))).toBe(true)

    // Refused: not a PNG, a PNG without transparency; nothing changes.
    const jpeg = await postWatermark(
      admin,
      {},
      { bytes: await makePhoto(200, 200, '#ff0000'), name: 'mark.jpg', type: 'image/jpeg' },
    )
    expect(jpeg.status).toBe(400)
    expect(jpeg.text).toContain('watermark.errors.notPng')
    const opaque = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    expect((await postWatermark(admin, {}, { bytes: opaque, name: 'mark.png', type: 'image/png' })).text).toContain(
      'watermark.errors.noTransparency',
    )
    expect((await postWatermark(admin, { scale: '90' })).status).toBe(400)
    const [untouched] = await withSystem((tx) =>
      tx
        .select({ version: organization.watermarkVersion })
        .from(organization)
        .where(eq(organization.id, admin.company.id)),
    )
    expect(untouched.version).toBe(0)

    const mark = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const saved = await postWatermark(admin, {}, { bytes: mark, name: 'mark.png', type: 'image/png' })
    expect(saved.status).toBe(200)
    await waitUntil(async () => (await renditionKey(assetId)).endsWith('w1200-m1.webp') || undefined, {
      timeoutMs: 40_000,
      intervalMs: 250,
      message: () => 'the renditions were not made again',
    })
    // The photo stayed on fans' page while it was made again.
    const [row] = await withSystem((tx) =>
      tx.select({ status: asset.processingStatus, key: asset.storageKey }).from(asset).where(eq(asset.id, assetId)),
    )
    expect(row.status).toBe('ready')

    const marked = await waitUntil(
      async () => {
        const answer = await fetchBytes(fan, `/p/${assetId}/w1200.webp`)
        return isRed(await pixel(answer.body, spot.x, spot.y)) ? answer : undefined
      },
      { timeoutMs: 10_000, intervalMs: 200, message: () => 'fans still get the photo without its watermark' },
    )
    expect(isBlue(await pixel(marked.body, 100, 100))).toBe(true)
    // Downloaded at web size (Starter): the watermark is in the file.
    const web = await fetchBytes(fan, `/download/file/${assetId}`)
    expect(web.status).toBe(200)
    const { width = 0, height = 0 } = await sharp(web.body).metadata()
    expect(
      isRed(
        await pixel(
          web.body,
          Math.round(width * 0.97) - Math.round(width * 0.1),
          Math.round(height - width * 0.03 - width * 0.1),
        ),
      ),
    ).toBe(true)
    // The original is untouched, stored and downloaded.
    expect(Buffer.concat(await (await getStorage().read(row.key)).toArray()).equals(original)).toBe(true)
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const full = await fetchBytes(fan, `/download/file/${assetId}`)
    expect(full.body.equals(original)).toBe(true)

    // Removed: made again without it, and the marked files leave storage.
    const markedKey = await renditionKey(assetId)
    expect((await postWatermark(admin, { intent: 'remove' })).status).toBe(200)
    await waitUntil(async () => (await renditionKey(assetId)).endsWith('w1200-m2.webp') || undefined, {
      timeoutMs: 40_000,
      intervalMs: 250,
      message: () => 'the renditions were not made again',
    })
    const clean = await waitUntil(
      async () => {
        const answer = await fetchBytes(fan, `/p/${assetId}/w1200.webp`)
        return isBlue(await pixel(answer.body, spot.x, spot.y)) ? answer : undefined
      },
      { timeoutMs: 10_000, intervalMs: 200, message: () => 'fans still get the watermarked photo' },
    )
    expect(clean.status).toBe(200)
    await waitUntil(async () => ((await getStorage().head(markedKey)) ? undefined : true), {
      timeoutMs: 10_000,
      intervalMs: 200,
      message: () => 'the marked rendition is still stored',
    })
  })
})
