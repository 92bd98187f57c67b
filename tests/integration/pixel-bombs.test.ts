import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { LANGUAGE_COOKIE } from '#app/lib/i18n'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { waitForAsset, waitForAssetsReady } from '../support/assets'
import { waitUntil } from '../support/wait'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { startSecondApp } from '../support/second-app'
import { tusUpload } from '../support/tus'

/** 14,000 × 14,000 black pixels (196 megapixels, as in the attack seen), about 190 KB as a PNG. */
function makePixelBomb() {
  return sharp({ create: { width: 14_000, height: 14_000, channels: 3, background: '#000' } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9, adaptiveFiltering: false })
    .toBuffer()
}

/** The most memory the process has ever held (kB): a decode in it, however brief, would show here. */
async function peakMemoryKb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)![1])
}

async function newGallery(companyId: string, title: string) {
  const [gallery] = await withSystem((tx) =>
    tx.insert(contentItem).values({ companyId, kind: 'gallery', title }).returning(),
  )
  return gallery
}

describe('pixel bombs', () => {
  let bomb: Buffer
  let app: Awaited<ReturnType<typeof startSecondApp>>
  let boss: PgBoss
  beforeAll(async () => {
    // One after the other: on a busy machine the app's start and the bomb's making compete.
    bomb = await makePixelBomb()
    app = await startSecondApp({ PROCESS_ROLE: 'all' })
    boss = new PgBoss({ connectionString: inject('databaseUrl'), schema: 'pgboss', max: 1 })
    await boss.start()
  }, 120_000)
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true })
    await app?.app.stop()
  })

  it("are refused when their upload completes, in the uploader's language, with nothing kept, while another company's photo is processed", async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const attacker = await createCompanyAdmin('bombs')
    const festival = await createCompanyAdmin('festival')
    const [bombs, night] = await Promise.all([
      newGallery(attacker.company.id, 'Bombs'),
      newGallery(festival.company.id, 'Night'),
    ])
    // Both talk to the app whose web process is watched; the attacker in each language.
    const languages = ['en', 'pt', 'es', 'fr'] as const
    const onWatchedApp = (signedIn: TestClient, language: string) => {
      const client = new TestClient(app.url, signedIn.localAddress)
      for (const [name, value] of signedIn.cookies) client.setCookie(name, value)
      client.setCookie(LANGUAGE_COOKIE, language)
      return client
    }
    const attackerClients = languages.map((language) => onWatchedApp(attacker.client, language))
    const festivalClient = onWatchedApp(festival.client, 'en')
    const web = app.app.child.pid!
    const before = await peakMemoryKb(web)

    const photo = await makePhoto(3000, 2000, '#0ea5e9')
    const messages: Record<(typeof languages)[number], string> = {
      en: 'This image is 196 megapixels: photos up to 160 megapixels can be published.',
      pt: 'Esta imagem tem 196 megapixels: só é possível publicar fotos de até 160 megapixels.',
      es: 'Esta imagen tiene 196 megapíxeles: se pueden publicar fotos de hasta 160 megapíxeles.',
      fr: 'Cette image fait 196 mégapixels : les photos publiables vont jusqu’à 160 mégapixels.',
    }
    const [festivalUpload, ...refusals] = await Promise.all([
      tusUpload(festivalClient, photo, { filename: 'crowd.jpg', purpose: 'gallery-media', contentItemId: night.id }),
      ...attackerClients.map((client, index) =>
        tusUpload(client, bomb, { filename: `bomb-${index}.png`, purpose: 'gallery-media', contentItemId: bombs.id }),
      ),
    ])

    for (const [index, language] of languages.entries()) {
      const refused = refusals[index]
      expect(refused, language).toMatchObject({ ok: false, status: 422 })
      const body = JSON.parse((refused as { body: string }).body)
      expect(body.messageKey).toBe('uploads.errors.tooManyPixels')
      expect(body.message, language).toContain(messages[language])
    }

    // Nothing of the attacker's stays: no file, no row, no job, no upload left to resume.
    expect(
      await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.companyId, attacker.company.id))),
    ).toEqual([])
    const stored = await readdir(path.join(inject('dataDir'), 'media', attacker.company.id)).catch(() => [])
    expect(stored).toEqual([])
    const uploads = await readdir(path.join(inject('dataDir'), 'uploads'))
    for (const refused of refusals) {
      const id = (refused as { url: string }).url.split('/').pop()!
      expect(uploads.filter((name) => name.startsWith(id))).toEqual([])
    }
    const jobs = await withSystem((tx) =>
      tx.execute(sql`select id from pgboss.job where data->>'companyId' = ${attacker.company.id}`),
    )
    expect(jobs.rows).toEqual([])

    // The other company's photo went through meanwhile.
    expect(festivalUpload.ok).toBe(true)
    await waitForAssetsReady([(festivalUpload as { assetId: string }).assetId], 60_000)

    // Only the header was read: decoding 196 megapixels takes 196 MB at the very least.
    const after = await peakMemoryKb(web)
    expect(after - before).toBeLessThan(60 * 1024)
  }, 180_000)

  it('a photo over the cap stored before the rule fails at once, without being decoded again and again', async () => {
    const admin = await createCompanyAdmin('legacy')
    const assetId = crypto.randomUUID()
    const storageKey = mediaKey(admin.company.id, assetId, 'original', 'png')
    await getStorage().put(storageKey, bomb, { contentType: 'image/png' })
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: assetId,
        companyId: admin.company.id,
        purpose: 'cover',
        mediaType: 'image',
        originalName: 'huge.png',
        mimeType: 'image/png',
        sizeBytes: bomb.length,
        storageKey,
      }),
    )
    const jobId = await boss.send('media.generate-renditions', { companyId: admin.company.id, assetId })
    const failed = await waitForAsset(assetId, (row) => row.processingStatus === 'failed', 60_000)
    expect(failed.processingError).toContain('196 megapixels')
    // The worker marks its job done just after it records the failure on the photo.
    const job = await waitUntil(
      async () => {
        const found = await boss.getJobById('media.generate-renditions', jobId!)
        return found && found.state !== 'active' && found.state !== 'created' ? found : null
      },
      { timeoutMs: 30_000, message: 'the job never finished' },
    )
    expect(job).toMatchObject({ state: 'completed', retryCount: 0 })
  }, 90_000)
})
