import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asset, contentItem } from '#db/schema'
import { asPlatform } from '#app/access/tenant.server'
import { sweepOrphanFiles } from '#app/features/media/server/sweep-orphan-files.server'
import { withSystem } from '#app/lib/db.server'
import { diskReserveOf } from '#app/lib/disk-space.server'
import { createLocalStorage } from '#app/lib/storage.server'
import fr from '#app/locales/fr.json'
import pt from '#app/locales/pt.json'
import { createCompanyAdmin, createVerifiedUser, signIn, uniqueEmail } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { startSecondApp } from '../support/second-app'
import { tusUpload } from '../support/tus'

/*
 * A full disk, for real: the app's data folder is a 40 MB tmpfs mounted for this file (the CI
 * runs as root, as it does to install Caddy and nginx), so the free space the upload endpoint
 * reads is a real file system's and the ENOSPC a write meets mid-way is the kernel's own, not
 * one simulated in the code. What fills the disk behind the upload's back is a plain file, as
 * another process's writes (renditions, a backup, the database) would.
 */

const MB = 1024 * 1024
const DISK_BYTES = 40 * MB

let mount = ''
let second: Awaited<ReturnType<typeof startSecondApp>>
let uploader: TestClient
let operator: TestClient
let galleryId = ''
let companyId = ''

/** An upload's creation as tus sends it: the declared length, the metadata, no bytes. */
function createUpload(client: TestClient, bytes: number, filename: string, language: string) {
  const metadata = { filename, purpose: 'gallery-media', contentItemId: galleryId }
  return client.request('/api/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes),
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
      'accept-language': language,
    },
  })
}

/** One PATCH with every byte of the upload, answered whenever the server answers (mid-body included). */
function sendBytes(client: TestClient, location: string, bytes: Buffer, language: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(new URL(location, client.baseUrl), {
      method: 'PATCH',
      headers: {
        cookie: client.cookieHeader(),
        origin: client.baseUrl,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
        'accept-language': language,
      },
    })
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8') }))
    })
    // The server may close the socket once it has answered: the answer is what counts.
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)))
    request.end(bytes)
  })
}

/** A real JPEG of `bytes` bytes: a small photo and padding after its end, which readers ignore. */
async function photoOf(bytes: number) {
  const photo = await makePhoto(640, 480, '#224466')
  return Buffer.concat([photo, Buffer.alloc(bytes - photo.length)])
}

/** Writes into `file` until the disk has no room left (the kernel's ENOSPC ends it). */
async function fillUp(file: string) {
  const handle = await fs.open(file, 'w')
  try {
    for (;;) await handle.write(Buffer.alloc(64 * 1024, 5))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    await handle.close()
  }
}

async function freeBytes() {
  const stats = await fs.statfs(mount)
  return stats.bavail * stats.bsize
}

/** Everything under the data folder's uploads and media, as relative paths. */
async function filesUnder(folder: string) {
  const entries = await fs.readdir(path.join(mount, folder), { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

beforeAll(async () => {
  mount = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-small-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', mount], { stdio: 'pipe' })
  } catch (error) {
    throw new Error(
      `A small disk is mounted for this test (tmpfs, as root); mounting failed: ${(error as { stderr?: Buffer }).stderr ?? error}`,
      { cause: error },
    )
  }
  const admin = await createCompanyAdmin('disk')
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({ companyId: admin.company.id, kind: 'gallery', title: 'Encore' })
      .returning({ id: contentItem.id }),
  )
  galleryId = gallery.id
  companyId = admin.company.id
  const operatorAccount = await createVerifiedUser({ email: uniqueEmail('operator'), name: 'Olga Operator' })
  second = await startSecondApp({ DATA_DIR: mount, OPERATOR_EMAILS: operatorAccount.email })
  operator = new TestClient(second.url)
  await signIn(operator, operatorAccount)
  // The same session on the app whose disk is small (sessions live in the database).
  uploader = new TestClient(second.url)
  for (const [name, value] of admin.client.cookies) uploader.setCookie(name, value)
})

afterAll(async () => {
  await second?.app.stop('SIGTERM')
  if (mount) {
    execFileSync('umount', [mount])
    await fs.rm(mount, { recursive: true, force: true })
  }
})

describe('a full disk', () => {
  it('refuses an upload that cannot fit, beside those under way, with 507 before any byte is sent, in the uploader’s language', async () => {
    const declared = (await freeBytes()) - diskReserveOf(DISK_BYTES) + MB
    const refused = await createUpload(uploader, declared, 'too-big.jpg', 'fr')
    expect(refused.status).toBe(507)
    expect(refused.json()).toEqual({
      messageKey: 'uploads.errors.storageFull',
      message: fr.uploads.errors.storageFull,
    })
    // Nothing was made of it: no upload to resume, no description.
    expect(await filesUnder('uploads')).toEqual([])

    // What fits is accepted; two that fit one at a time but not together: the second is refused
    // before its bytes, for the room the first one's bytes are about to take.
    const room = (await freeBytes()) - diskReserveOf(DISK_BYTES)
    const first = await createUpload(uploader, Math.floor(room * 0.6), 'first.jpg', 'fr')
    expect(first.status).toBe(201)
    const second = await createUpload(uploader, Math.floor(room * 0.6), 'second.jpg', 'fr')
    expect(second.status).toBe(507)
    // The first one cancelled (tus termination), its room is free again.
    const cancel = { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } }
    expect((await uploader.request(first.headers.location as string, cancel)).status).toBe(204)
    const again = await createUpload(uploader, Math.floor(room * 0.6), 'second.jpg', 'fr')
    expect(again.status).toBe(201)
    expect((await uploader.request(again.headers.location as string, cancel)).status).toBe(204)
    expect(await filesUnder('uploads')).toEqual([])
  })

  it('answers 507 when the disk fills mid-way, removes what was written, and takes the file once there is room', async () => {
    // A photo acknowledged before the disk fills: nothing that happens next may lose it.
    const earlier = await photoOf(2 * MB)
    const acknowledged = await tusUpload(uploader, earlier, {
      filename: 'opener.jpg',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(acknowledged).toMatchObject({ ok: true })
    const photo = await photoOf(24 * MB)
    const created = await createUpload(uploader, photo.length, 'encore.jpg', 'pt')
    expect(created.status).toBe(201)
    const location = created.headers.location as string
    const id = location.split('/').pop()!

    // Something else takes the room the check saw (8 MB are left): the bytes meet a full disk.
    const filler = path.join(mount, 'filler.bin')
    await fs.writeFile(filler, Buffer.alloc((await freeBytes()) - 8 * MB))
    const sent = await sendBytes(uploader, location, photo, 'pt')
    expect(sent.status).toBe(507)
    expect(JSON.parse(sent.body)).toEqual({
      messageKey: 'uploads.errors.storageFull',
      message: pt.uploads.errors.storageFull,
    })
    expect(sent.body).not.toMatch(/ENOSPC|no space|at .*\.js/i)
    // Half a photo is kept nowhere: the upload's file and description are gone, and so is the upload.
    const uploads = await filesUnder('uploads')
    expect(uploads.filter((file) => file.includes(id))).toEqual([])
    expect((await uploader.request(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })).status).toBe(
      404,
    )
    expect((await filesUnder('media')).filter((file) => file.endsWith('.part'))).toEqual([])
    // Filled to the last byte: the disk still serves. The health check stays 200 (a balancer
    // keeps the node), saying the storage is full, and the operator's status page says uploads are refused.
    const rest = path.join(mount, 'rest.bin')
    await fillUp(rest)
    expect(await freeBytes()).toBeLessThan(64 * 1024)
    const health = await uploader.get('/api/health')
    expect(health.status).toBe(200)
    expect(health.json().checks.storage).toMatchObject({ status: 'ok', message: 'full: serving, uploads refused' })
    const status = await operator.get('/operator/status')
    expect(status.text).toContain('data-testid="status-disk" data-level="error"')
    expect(status.text).toMatch(/data-testid="status-disk-detail">Full: [\d.,]+\u00a0[KMG]?B free of 40\u00a0MB/)
    const [opener] = await withSystem((tx) =>
      tx
        .select({ key: asset.storageKey })
        .from(asset)
        .where(eq(asset.id, (acknowledged as { assetId: string }).assetId)),
    )
    expect((await fs.readFile(path.join(mount, 'media', opener.key))).equals(earlier)).toBe(true)

    // Room made again (an operator cleared the disk): the same file goes through whole.
    await fs.rm(filler)
    await fs.rm(rest)
    const done = await tusUpload(uploader, photo, {
      filename: 'encore.jpg',
      purpose: 'gallery-media',
      contentItemId: galleryId,
    })
    expect(done).toMatchObject({ ok: true })
    if (!done.ok) return
    const [row] = await withSystem((tx) =>
      tx.select({ key: asset.storageKey, size: asset.sizeBytes }).from(asset).where(eq(asset.id, done.assetId!)),
    )
    expect(row.size).toBe(photo.length)
    expect((await fs.stat(path.join(mount, 'media', row.key))).size).toBe(photo.length)
  })

  it('gives back the room of a gallery deleted while the disk was full, once the orphan sweep runs', async () => {
    const [doomed] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: companyId, kind: 'gallery', title: 'Deleted while full' })
        .returning({ id: contentItem.id }),
    )
    const photo = await photoOf(6 * MB)
    const done = await tusUpload(uploader, photo, {
      filename: 'gone.jpg',
      purpose: 'gallery-media',
      contentItemId: doomed.id,
    })
    expect(done).toMatchObject({ ok: true })
    const freeWithIt = await freeBytes()
    // Its rows go; the removal of its files never runs (the queue could not be written to, or
    // its retries ran out): the bytes stay on the disk.
    await withSystem((tx) => tx.delete(contentItem).where(eq(contentItem.id, doomed.id)))
    expect(await freeBytes()).toBe(freeWithIt)
    const sweep = asPlatform('test.disk-full')
    const media = createLocalStorage(path.join(mount, 'media'))
    // The next night's sweep (its grace period passed: run as if a day and an hour later).
    const report = await sweepOrphanFiles(sweep, {
      storage: media,
      dryRun: false,
      now: Date.now() + 25 * 60 * 60 * 1000,
    })
    const mine = report.orphans.filter((orphan) => orphan.key.includes((done as { assetId: string }).assetId))
    expect(mine.map((orphan) => orphan.reason)).toEqual(['file-deleted'])
    expect(await freeBytes()).toBeGreaterThanOrEqual(freeWithIt + photo.length)
  })
})
