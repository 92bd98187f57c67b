import { eq, sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, assetRendition, contentItem } from '#db/schema'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { withSystem } from '#app/lib/db.server'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { waitForAsset } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

describe('rendition jobs', () => {
  let boss: PgBoss
  beforeAll(async () => {
    boss = new PgBoss({ connectionString: inject('databaseUrl'), schema: 'pgboss', max: 1 })
    await boss.start()
  })
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true })
  })

  it('turns an uploaded photo into web renditions in the background', async () => {
    const admin = await createCompanyAdmin('renditions')
    const [gallery] = await withSystem((tx) =>
      tx.insert(contentItem).values({ companyId: admin.company.id, kind: 'gallery', title: 'Night' }).returning(),
    )
    const photo = await makePhoto(1600, 1000, '#7c3aed')
    const uploaded = await tusUpload(admin.client, photo, {
      filename: 'stage.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    expect(uploaded.ok).toBe(true)
    const assetId = (uploaded as { assetId: string }).assetId
    const ready = await waitForAsset(assetId, (row) => row.processingStatus === 'ready')
    expect(ready).toMatchObject({ width: 1600, height: 1000, optimized: true })
    expect(ready.placeholder).toBeTruthy()
    const renditions = await withSystem((tx) =>
      tx.select().from(assetRendition).where(eq(assetRendition.assetId, assetId)),
    )
    expect(renditions.map((r) => `${r.rendition}.${r.format}:${r.width}`).sort()).toEqual([
      'w1200.jpeg:1200',
      'w1200.webp:1200',
      'w400.webp:400',
    ])
    for (const rendition of renditions) expect(await getStorage().head(rendition.storageKey)).not.toBeNull()
    // A try still running after its expiry is stuck: the queue tries it again sooner than its
    // default quarter of an hour (a killed worker's tries go back sooner still, by their lease).
    const [job] = (
      await withSystem((tx) =>
        tx.execute<{ seconds: number }>(
          sql`select extract(epoch from expire_in)::int as seconds from pgboss.job where name = 'media.generate-renditions' and data->>'assetId' = ${assetId}`,
        ),
      )
    ).rows
    expect(job?.seconds).toBe(generateRenditionsJob.expireInSeconds)
    expect(generateRenditionsJob.expireInSeconds).toBeLessThan(15 * 60)
  })

  it('retries with backoff when an attempt fails, and succeeds once it can', async () => {
    const admin = await createCompanyAdmin('retry')
    const assetId = crypto.randomUUID()
    const storageKey = mediaKey(admin.company.id, assetId, 'original', 'png')
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: assetId,
        companyId: admin.company.id,
        purpose: 'cover',
        mediaType: 'image',
        originalName: 'cover.png',
        mimeType: 'image/png',
        sizeBytes: 100,
        storageKey,
      }),
    )
    // The original is not in storage yet: the first attempt fails.
    await boss.send('media.generate-renditions', { companyId: admin.company.id, assetId })
    const failedOnce = await waitForAsset(assetId, (row) => Boolean(row.processingError))
    expect(failedOnce.processingStatus).toBe('pending')
    await getStorage().put(storageKey, await makePhoto(640, 480, '#111', { format: 'png' }), {
      contentType: 'image/png',
    })
    const ready = await waitForAsset(assetId, (row) => row.processingStatus === 'ready')
    expect(ready.processingError).toBeNull()
    expect(ready.width).toBe(640)
  })
})
