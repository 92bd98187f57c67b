import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { LANGUAGE_COOKIE } from '#app/lib/i18n'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { waitForAsset } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { waitUntil } from '../support/wait'

describe('a published gallery whose photos are still being processed', () => {
  let boss: PgBoss
  beforeAll(async () => {
    boss = new PgBoss({ connectionString: inject('databaseUrl'), schema: 'pgboss', max: 1 })
    await boss.start()
  })
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true })
  })

  it('tells fans in their language that photos are being prepared, then shows them once ready, past the page cache', async () => {
    const admin = await createCompanyAdmin('preparing')
    const companyId = admin.company.id
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          title: 'Last Night',
          slug: 'last-night',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    // Two photos just uploaded, their renditions not made yet (as in the first seconds after a start).
    const photos = [crypto.randomUUID(), crypto.randomUUID()]
    for (const [position, assetId] of photos.entries()) {
      const storageKey = mediaKey(companyId, assetId, 'original', 'jpg')
      await getStorage().put(storageKey, await makePhoto(1200, 800, position ? '#f59e0b' : '#7c3aed'), {
        contentType: 'image/jpeg',
      })
      await withSystem((tx) =>
        tx.insert(asset).values({
          id: assetId,
          companyId,
          contentItemId: gallery.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: `stage-${position}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          storageKey,
          position,
        }),
      )
    }
    const path = `/${admin.company.slug}/galeria/last-night`
    const fan = new TestClient()
    const preparing = await fan.get(path)
    expect(preparing.status).toBe(200)
    // As rendered text (the page also carries its catalog, where every text appears once).
    expect(preparing.text).toContain('>The photos are being prepared<')
    expect(preparing.text).toContain('>2 photos will appear here in a moment.<')
    expect(preparing.text).not.toContain('>Nothing to show here yet.<')
    for (const [language, text] of [
      ['pt', '2 fotos vão aparecer aqui em instantes.'],
      ['es', '2 fotos aparecerán aquí en un momento.'],
      ['fr', '2 photos apparaîtront ici dans un instant.'],
    ]) {
      const other = new TestClient()
      other.setCookie(LANGUAGE_COOKIE, language)
      expect((await other.get(path)).text).toContain(`>${text}<`)
    }
    expect((await fan.get(path)).headers['x-afterglow-cache']).toBe('hit')

    // The first photo is ready: it shows, and the page says one more is coming.
    await boss.send('media.generate-renditions', { companyId, assetId: photos[0] })
    await waitForAsset(photos[0], (row) => row.processingStatus === 'ready')
    const withOne = await waitUntil(
      async () => {
        const page = await fan.get(path)
        return page.text.includes(`/p/${photos[0]}/`) ? page : undefined
      },
      { timeoutMs: 10_000, message: 'the ready photo did not reach the cached page' },
    )
    expect(withOne.text).toContain('>1 more photo is being prepared…<')
    expect(withOne.text).not.toContain('data-testid="gallery-preparing"')

    // Both ready: the gallery as fans will keep seeing it.
    await boss.send('media.generate-renditions', { companyId, assetId: photos[1] })
    await waitForAsset(photos[1], (row) => row.processingStatus === 'ready')
    const complete = await waitUntil(
      async () => {
        const page = await fan.get(path)
        return page.text.includes(`/p/${photos[1]}/`) ? page : undefined
      },
      { timeoutMs: 10_000, message: 'the second photo did not reach the cached page' },
    )
    expect(complete.text).not.toContain('data-testid="gallery-preparing"')
    expect(complete.text).not.toContain('more photo is being prepared…<')
  }, 90_000)
})
