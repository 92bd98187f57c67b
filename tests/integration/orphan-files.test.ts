import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, inArray } from 'drizzle-orm'
import S3rver from 's3rver'
import { Upload } from '@tus/server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asPlatform } from '#app/access/tenant.server'
import { S3UploadStore } from '#app/features/media/server/s3-upload-store.server'
import { sweepOrphanFiles, type OrphanReport } from '#app/features/media/server/sweep-orphan-files.server'
import { withSystem } from '#app/lib/db.server'
import { createLocalStorage, createS3Client, createS3Storage, mediaKey, type S3Options } from '#app/lib/storage.server'
import { asset, contentItem } from '#db/schema'
import { freePort } from '../support/app-process'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

/*
 * Storage reconciled with the database. The orphans are made as the product leaves them: a
 * gallery's rows deleted while its files' removal never ran (what a gallery deleted while the
 * disk was full, or while the queue was away, left behind), a write a stopped process left as
 * `.part`, the archive and watermark of rows that are gone, and the files of a company that no
 * longer exists. The local disk is the app's own media folder (its uploads went there); the
 * bucket is s3rver's, as in storage.test.ts.
 */

const DAY = 24 * 60 * 60 * 1000
const run = promisify(execFile)

const mediaRoot = () => path.join(inject('dataDir'), 'media')
const storage = () => createLocalStorage(mediaRoot())

/** Dates every file under `folder` of the media `daysAgo` days back, as if left there long ago. */
async function age(folder: string, daysAgo: number) {
  const when = new Date(Date.now() - daysAgo * DAY)
  const root = path.join(mediaRoot(), folder)
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) await fs.utimes(path.join(entry.parentPath, entry.name), when, when)
}

async function exists(key: string) {
  return fs.stat(path.join(mediaRoot(), key)).then(
    () => true,
    () => false,
  )
}

const orphanKeysOf = (report: OrphanReport, prefix: string) =>
  report.orphans
    .filter((orphan) => orphan.key.startsWith(prefix))
    .map((orphan) => `${orphan.reason} ${orphan.key}`)
    .sort()

/** A gallery of `companyId` with one uploaded photo, its renditions made. */
async function galleryWithPhoto(admin: Awaited<ReturnType<typeof createCompanyAdmin>>, title: string) {
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId: admin.company.id, kind: 'gallery', title })
      .returning({ id: contentItem.id }),
  )
  const done = await tusUpload(admin.client, await makePhoto(900, 600, '#553311'), {
    filename: `${title}.jpg`,
    purpose: 'gallery-media',
    contentItemId: gallery.id,
  })
  if (!done.ok || !done.assetId) throw new Error(`upload failed: ${done.ok ? 'no asset' : done.body}`)
  const assetId = done.assetId
  // Its renditions are written by the worker: waited for, so no write lands after the files are dated.
  await waitUntil(
    async () => {
      const [row] = await withSystem((tx) =>
        tx.select({ status: asset.processingStatus }).from(asset).where(eq(asset.id, assetId)),
      )
      return row?.status === 'ready'
    },
    { timeoutMs: 60_000, message: `the renditions of ${title} were not made` },
  )
  return { galleryId: gallery.id, assetId }
}

describe('orphan files on the local disk', () => {
  let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
  let kept: { galleryId: string; assetId: string }
  let deleted: { galleryId: string; assetId: string }
  let company = ''
  const ghostCompany = `ghost${randomUUID().slice(0, 8)}`
  const neverRecorded = randomUUID()
  const inFlight = randomUUID()
  const partialKey = () => `${company}/${kept.assetId}/w400.webp.1a2b3c4d5e6f.part`

  beforeAll(async () => {
    admin = await createCompanyAdmin('orphans')
    company = admin.company.id
    kept = await galleryWithPhoto(admin, 'kept')
    deleted = await galleryWithPhoto(admin, 'deleted')
    // The gallery is deleted and its files' removal never runs.
    await withSystem((tx) => tx.delete(contentItem).where(eq(contentItem.id, deleted.galleryId)))
    const put = (key: string, bytes = 1000) =>
      storage().put(key, Buffer.alloc(bytes, 1), { contentType: 'application/octet-stream' })
    await put(mediaKey(company, neverRecorded, 'original', 'jpg'), 200_000)
    await put(mediaKey(company, 'backups', randomUUID(), 'zip'))
    await put(`${company}/watermark/v3.png`)
    await put(mediaKey(ghostCompany, randomUUID(), 'original', 'jpg'))
    await put(`${company}/og/gallery-${kept.galleryId}-1.jpg`)
    await fs.writeFile(path.join(mediaRoot(), partialKey()), Buffer.alloc(500))
    for (const folder of [company, ghostCompany]) await age(folder, 2)
    // Written a moment ago and not recorded yet: an upload or rendition under way.
    await put(mediaKey(company, inFlight, 'original', 'jpg'))
  })

  afterAll(async () => {
    await fs.rm(path.join(mediaRoot(), ghostCompany), { recursive: true, force: true })
  })

  it('lists the orphans on a dry run, and changes nothing', async () => {
    const report = await sweepOrphanFiles(asPlatform('test.orphans'), { storage: storage(), dryRun: true })
    const deletedFiles = (await fs.readdir(path.join(mediaRoot(), company, deleted.assetId))).sort()
    expect(deletedFiles.length).toBeGreaterThan(1) // the original and its renditions
    const found = orphanKeysOf(report, `${company}/`)
    expect(found.filter((line) => !line.startsWith('backup-gone'))).toEqual(
      [
        ...deletedFiles.map((name) => `file-deleted ${company}/${deleted.assetId}/${name}`),
        `file-deleted ${company}/${neverRecorded}/original.jpg`,
        `unfinished-write ${partialKey()}`,
        `watermark-replaced ${company}/watermark/v3.png`,
      ].sort(),
    )
    expect(found.filter((line) => line.startsWith('backup-gone'))).toEqual([
      expect.stringMatching(new RegExp(`^backup-gone ${company}/backups/[0-9a-f-]+\\.zip$`)),
    ])
    expect(orphanKeysOf(report, `${ghostCompany}/`)).toEqual([expect.stringMatching(/^company-gone /)])
    expect(report.dryRun).toBe(true)
    expect(report.removed).toBe(0)
    expect(report.tooRecent).toBeGreaterThanOrEqual(1)
    for (const orphan of report.orphans.filter((o) => o.key.startsWith(`${company}/`)))
      expect(await exists(orphan.key)).toBe(true)
  })

  it('gives the operator the same report from the command line, without changing anything', async () => {
    const { stdout } = await run(process.execPath, ['scripts/storage-orphans.js'], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    })
    expect(stdout).toContain(`file-deleted`)
    expect(stdout).toContain(`${company}/${deleted.assetId}/original.jpg`)
    expect(stdout).toContain(`unfinished-write`)
    expect(stdout).toMatch(/orphans \([\d.]+ MB\) would be removed \(dry run: nothing changed/)
    expect(stdout).not.toContain(`${company}/${kept.assetId}/original.jpg`)
    expect(await exists(`${company}/${deleted.assetId}`)).toBe(true)
  })

  it('refuses a grace period that would judge files being written', async () => {
    const refused = await run(process.execPath, ['scripts/storage-orphans.js', '--grace-hours', '0']).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('--grace-hours must be') })
  })

  it('removes the orphans, whole folders at once, and keeps what rows account for and what is being written', async () => {
    const report = await sweepOrphanFiles(asPlatform('test.orphans'), { storage: storage(), dryRun: false })
    expect(report.removed).toBe(report.orphans.length)
    expect(await exists(`${company}/${deleted.assetId}`)).toBe(false)
    expect(await exists(`${company}/${neverRecorded}`)).toBe(false)
    expect(await exists(partialKey())).toBe(false)
    expect(await exists(`${company}/watermark/v3.png`)).toBe(false)
    expect(await exists(ghostCompany)).toBe(false)
    expect(await fs.readdir(path.join(mediaRoot(), company, 'backups'))).toEqual([])
    // The gallery that stays keeps every file, its shared-link image (a cache) and the upload under way.
    const [original] = await withSystem((tx) =>
      tx.select({ key: asset.storageKey }).from(asset).where(eq(asset.id, kept.assetId)),
    )
    expect(await exists(original.key)).toBe(true)
    expect((await fs.readdir(path.join(mediaRoot(), company, kept.assetId))).length).toBeGreaterThan(1)
    expect(await exists(`${company}/og/gallery-${kept.galleryId}-1.jpg`)).toBe(true)
    expect(await exists(mediaKey(company, inFlight, 'original', 'jpg'))).toBe(true)
    // Nothing is left to find the next night.
    const again = await sweepOrphanFiles(asPlatform('test.orphans'), { storage: storage(), dryRun: true })
    expect(orphanKeysOf(again, `${company}/`)).toEqual([])
  })
})

describe('a storage the database does not know', () => {
  it('removes nothing when the database knows none of its companies, unless the operator insists', async () => {
    // What a storage pointed at another (or a fresh, empty) database looks like: every company unknown.
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-foreign-media-'))
    try {
      const foreign = createLocalStorage(root)
      const keys = [0, 1, 2].map((n) => mediaKey(`foreign${n}`, randomUUID(), 'original', 'jpg'))
      for (const key of keys) await foreign.put(key, Buffer.from('photo'), { contentType: 'image/jpeg' })
      const later = Date.now() + 2 * DAY
      const refused = await sweepOrphanFiles(asPlatform('test.orphans'), {
        storage: foreign,
        dryRun: false,
        now: later,
      })
      expect(refused).toMatchObject({ refused: 'no-company-known', removed: 0 })
      expect(refused.orphans.map((orphan) => orphan.reason)).toEqual(['company-gone', 'company-gone', 'company-gone'])
      for (const key of keys) expect(await foreign.head(key)).not.toBeNull()

      // The operator, having checked it is the right database, insists (--remove --force).
      const forced = await sweepOrphanFiles(asPlatform('test.orphans'), {
        storage: foreign,
        dryRun: false,
        now: later,
        force: true,
      })
      expect(forced.removed).toBe(3)
      for (const key of keys) expect(await foreign.head(key)).toBeNull()
    } finally {
      await fs.rm(root, { recursive: true, force: true })
    }
  })
})

describe('orphan files in the S3 bucket', () => {
  let s3rver: S3rver
  let s3Dir = ''
  let s3: S3Options
  let company = ''
  let recorded = ''

  beforeAll(async () => {
    s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-orphans-s3-'))
    const port = await freePort()
    s3rver = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'afterglow-media', configs: [] }],
    })
    await s3rver.run()
    s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'afterglow-media',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }
    const admin = await createCompanyAdmin('orphans-s3')
    company = admin.company.id
    recorded = randomUUID()
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: recorded,
        companyId: company,
        purpose: 'logo',
        mediaType: 'image',
        originalName: 'logo.png',
        mimeType: 'image/png',
        sizeBytes: 4,
        storageKey: mediaKey(company, recorded, 'original', 'png'),
      }),
    )
  })

  afterAll(async () => {
    await withSystem((tx) => tx.delete(asset).where(inArray(asset.id, [recorded])))
    await s3rver?.close()
    await fs.rm(s3Dir, { recursive: true, force: true })
  })

  it('lists and removes objects no row accounts for, and keeps uploads in flight whatever their age', async () => {
    const bucket = createS3Storage(s3)
    const orphanFolder = randomUUID()
    const put = (key: string) => bucket.put(key, Buffer.from('data'), { contentType: 'application/octet-stream' })
    await put(mediaKey(company, recorded, 'original', 'png'))
    await put(mediaKey(company, recorded, 'w400', 'webp'))
    for (const rendition of ['original', 'w400', 'w1200']) await put(mediaKey(company, orphanFolder, rendition, 'jpg'))
    // An upload kept in the bucket whose bytes are in place and whose row is not written yet.
    const uploads = new S3UploadStore({
      client: createS3Client(s3),
      bucket: s3.bucket,
      keyOf: () => mediaKey(company, 'aa11bb22-0000-4000-8000-000000000001', 'original', 'jpg'),
      expirationPeriodInMilliseconds: 7 * DAY,
    })
    await uploads.create(new Upload({ id: 'c0ffee00c0ffee00c0ffee00c0ffee00', size: 0, offset: 0 }))
    const inFlight = await uploads.keysInProgress()
    expect([...inFlight]).toEqual([mediaKey(company, 'aa11bb22-0000-4000-8000-000000000001', 'original', 'jpg')])

    // S3 cannot date an object back: the sweep is run as if two days had passed.
    const later = Date.now() + 2 * DAY
    const dry = await sweepOrphanFiles(asPlatform('test.orphans'), {
      storage: bucket,
      dryRun: true,
      now: later,
      inFlight,
    })
    expect(orphanKeysOf(dry, `${company}/`)).toEqual(
      ['original', 'w1200', 'w400'].map((name) => `file-deleted ${company}/${orphanFolder}/${name}.jpg`),
    )
    const real = await sweepOrphanFiles(asPlatform('test.orphans'), {
      storage: bucket,
      dryRun: false,
      now: later,
      inFlight,
    })
    expect(real.removed).toBe(3)
    const left: string[] = []
    for await (const key of bucket.list()) if (key.startsWith(`${company}/`)) left.push(key)
    expect(left.sort()).toEqual(
      [
        mediaKey(company, recorded, 'original', 'png'),
        mediaKey(company, recorded, 'w400', 'webp'),
        mediaKey(company, 'aa11bb22-0000-4000-8000-000000000001', 'original', 'jpg'),
      ].sort(),
    )
    // The upload's own description is the upload sweep's, never this one's.
    expect(await bucket.head('uploads/c0ffee00c0ffee00c0ffee00c0ffee00.json')).not.toBeNull()
  })
})
