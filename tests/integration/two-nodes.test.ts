import { createHash, randomBytes } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createS3Client, createS3Storage, type S3Options } from '#app/lib/storage.server'
import { AS_DEPLOYED, freePort, startAppProcess, type AppProcess } from '../support/app-process'
import { TestClient } from '../support/http-client'
import { STRONG_PASSWORD, uniqueEmail } from '../support/fixtures'
import { fakeMp4, makePhoto } from '../support/media-files'
import { startNginx, type Nginx } from '../support/nginx'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

/*
 * Two app nodes as docs/architecture.md ("Running several app nodes") deploys them: two
 * `node server.js` on one PostgreSQL, each with its own data folder, media and uploads in one S3
 * bucket (s3rver on loopback), behind Debian's nginx. Their own database, so that no other app
 * process of the test run takes their jobs.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const MB = 1024 * 1024

let database: TestDatabase
let sql: pg.Pool
let s3rver: S3rver
let s3Dir: string
let s3: S3Options
const nodes: { app: AppProcess; url: string; address: string; dataDir: string }[] = []
let nginx: Nginx
/** Every object s3rver was asked to create: key → how many times. */
const created = new Map<string, number>()

beforeAll(async () => {
  database = await createTestDatabase()
  sql = new pg.Pool({ connectionString: database.url, max: 2 })
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-two-nodes-s3-'))
  const s3Port = await freePort()
  s3rver = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'afterglow-media', configs: [] }],
  })
  // s3rver is a Koa app: it tells every object created.
  ;(s3rver as unknown as EventEmitter).on(
    'event',
    (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
      for (const record of event.Records)
        if (record.eventName.startsWith('ObjectCreated'))
          created.set(record.s3.object.key, (created.get(record.s3.object.key) ?? 0) + 1)
    },
  )
  await s3rver.run()
  s3 = {
    endpoint: `http://127.0.0.1:${s3Port}`,
    bucket: 'afterglow-media',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }

  // nginx needs the nodes' ports, the nodes need nginx's address (APP_URL): ports first.
  const ports = [await freePort(), await freePort()]
  const nginxPort = await freePort()
  const appUrl = `http://127.0.0.1:${nginxPort}`
  const secret = randomBytes(32).toString('base64url')
  for (const port of ports) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-node-'))
    // One after the other: the first applies the migrations.
    const app = await startAppProcess(
      {
        ...AS_DEPLOYED,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: appUrl,
        SESSION_SECRET: secret,
        SEED_DEMO: 'false',
        SMTP_URL: undefined,
        TRUST_PROXY: 'loopback',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        LOG_LEVEL: 'warn',
      },
      { port },
    )
    nodes.push({ app, url: `http://127.0.0.1:${port}`, address: `127.0.0.1:${port}`, dataDir })
  }
  nginx = await startNginx(
    nodes.map((node) => node.address),
    nginxPort,
  )
})

afterAll(async () => {
  await nginx?.stop()
  for (const node of nodes) {
    const code = await node.app.stop()
    if (code !== 0) console.error(node.app.output())
    expect(code).toBe(0)
    await fs.rm(node.dataDir, { recursive: true, force: true })
  }
  await sql?.end()
  await database?.drop()
  await s3rver?.close()
  await fs.rm(s3Dir, { recursive: true, force: true })
})

/** Which node nginx sent a request to. */
const nodeOf = (response: { headers: http.IncomingHttpHeaders | Headers }) =>
  response.headers instanceof Headers
    ? response.headers.get('x-afterglow-node')
    : String(response.headers['x-afterglow-node'] ?? '')

const admin = { client: null as unknown as TestClient, slug: '', companyId: '', galleryId: '' }

/** Reads the nodes' database as the server's own work does (row-level security set aside). */
async function system<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = await sql.connect()
  try {
    await client.query('begin')
    await client.query("select set_config('app.bypass_rls', 'on', true)")
    const { rows } = await client.query<T>(text, values)
    await client.query('commit')
    return rows
  } finally {
    client.release()
  }
}

/** One tus request through nginx as the signed-in admin, with a body of bytes. */
async function tus(method: string, pathname: string, headers: Record<string, string>, body?: Buffer) {
  return fetch(new URL(pathname, nginx.url), {
    method,
    headers: { 'tus-resumable': '1.0.0', cookie: admin.client.cookieHeader(), origin: nginx.url, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  })
}

/** A PATCH whose connection breaks after `sent` of its `declared` bytes, as a phone losing its signal. */
function brokenPatch(pathname: string, offset: number, bytes: Buffer, declared: number) {
  return new Promise<void>((resolve) => {
    const request = http.request(new URL(pathname, nginx.url), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(declared),
        cookie: admin.client.cookieHeader(),
        origin: nginx.url,
      },
    })
    request.on('error', () => resolve())
    request.on('close', () => resolve())
    request.write(bytes, () => setTimeout(() => request.destroy(), 500))
  })
}

describe('two app nodes behind nginx, on one PostgreSQL and one S3 bucket', () => {
  it('signs in through one node and acts through the other', async () => {
    const client = new TestClient(nginx.url)
    const email = uniqueEmail('nodes')
    const signUp = await client.postJson('/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: 'Two Nodes',
    })
    expect(signUp.status).toBe(200)
    await sql.query('update users set email_verified = true where email = $1', [email])

    const signIn = await client.postJson('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })
    expect(signIn.status).toBe(200)
    const slug = `nodes-${randomBytes(3).toString('hex')}`
    const onboarding = await client.postForm('/onboarding', { name: `Company ${slug}`, slug })
    expect(onboarding.status).toBeLessThan(400)
    const dashboard = await client.get('/admin')
    expect(dashboard.status).toBe(200)
    expect(dashboard.text).toContain(`Company ${slug}`)
    // Round robin: the session made on one node was used on the other, in both directions.
    expect(nodeOf(signIn)).not.toBe(nodeOf(onboarding))
    expect(nodeOf(onboarding)).not.toBe(nodeOf(dashboard))
    expect(new Set([nodeOf(signIn), nodeOf(onboarding), nodeOf(dashboard)])).toEqual(
      new Set(nodes.map((node) => node.address)),
    )

    const gallery = await client.postForm('/admin/content/new?kind=gallery', { title: 'Night One' })
    expect(gallery.status).toBe(302)
    const [company] = await system<{ id: string }>('select id from companies where slug = $1', [slug])
    Object.assign(admin, {
      client,
      slug,
      companyId: company.id,
      galleryId: String(gallery.headers.location).split('/').pop()!,
    })
  })

  it('resumes on one node an upload started on the other, byte-exact', async () => {
    const video = fakeMp4(randomBytes(14 * MB))
    const metadata = Object.entries({
      filename: 'long-set.mp4',
      purpose: 'gallery-media',
      contentItemId: admin.galleryId,
    })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',')
    const start = await tus('POST', '/api/uploads', {
      'upload-length': String(video.length),
      'upload-metadata': metadata,
    })
    expect(start.status).toBe(201)
    const location = new URL(start.headers.get('location')!, nginx.url).pathname
    const servedBy = [nodeOf(start)]

    // Pieces smaller than S3's 5 MB parts, each on the other node than the one before.
    let offset = 0
    for (const size of [3 * MB, 3 * MB]) {
      const patch = await tus(
        'PATCH',
        location,
        { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        video.subarray(offset, offset + size),
      )
      expect(patch.status).toBe(204)
      offset = Number(patch.headers.get('upload-offset'))
      servedBy.push(nodeOf(patch))
    }
    expect(offset).toBe(6 * MB)

    // The connection breaks in the middle of a piece: what arrived is kept.
    await brokenPatch(location, offset, video.subarray(offset, offset + 2 * MB), 6 * MB)
    const head = await waitUntil(
      async () => {
        const answer = await tus('HEAD', location, {})
        // The node that lost the connection lets go of the upload once it has kept what arrived.
        return answer.status === 200 && Number(answer.headers.get('upload-offset')) > offset ? answer : undefined
      },
      { timeoutMs: 20_000, message: 'the broken piece was not kept' },
    )
    offset = Number(head.headers.get('upload-offset'))
    expect(offset).toBeLessThanOrEqual(8 * MB)

    // After the break, nginx's turns went on through the HEADs above (as many as it took): the
    // pieces that follow alternate again among themselves.
    const beforeBreak = servedBy.length
    let finished: Response | undefined
    while (offset < video.length) {
      const patch = await tus(
        'PATCH',
        location,
        { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        video.subarray(offset, offset + 4 * MB),
      )
      expect(patch.status, await patch.clone().text()).toBe(204)
      offset = Number(patch.headers.get('upload-offset'))
      servedBy.push(nodeOf(patch))
      finished = patch
    }
    expect(new Set(servedBy)).toEqual(new Set(nodes.map((node) => node.address)))
    for (let i = 1; i < servedBy.length; i++)
      if (i !== beforeBreak) expect(servedBy[i], `piece ${i}`).not.toBe(servedBy[i - 1])

    const assetId = finished!.headers.get('upload-asset-id')!
    const [row] = await system<{ storage_key: string; size_bytes: string; media_type: string }>(
      'select storage_key, size_bytes, media_type from assets where id = $1',
      [assetId],
    )
    expect(row).toMatchObject({ size_bytes: String(video.length), media_type: 'video' })
    const stored = Buffer.concat(await (await createS3Storage(s3).read(row.storage_key)).toArray())
    expect(stored.length).toBe(video.length)
    expect(sha256(stored)).toBe(sha256(video))
    // The upload's own bookkeeping is gone from the bucket; no node kept anything on its disk.
    const left = await createS3Client(s3).send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'uploads/' }))
    expect(left.Contents ?? []).toEqual([])
    for (const node of nodes) expect(await fs.readdir(path.join(node.dataDir, 'uploads')).catch(() => [])).toEqual([])
  })

  it('runs a job queued by one node exactly once', async () => {
    const assetIds: string[] = []
    for (const color of ['#f00', '#0f0', '#00f', '#ff0']) {
      const result = await tusUpload(admin.client, await makePhoto(900, 600, color), {
        filename: `photo-${color.slice(1)}.jpg`,
        purpose: 'gallery-media',
        contentItemId: admin.galleryId,
      })
      expect(result.ok, JSON.stringify(result)).toBe(true)
      assetIds.push((result as { assetId: string }).assetId)
    }
    await waitUntil(
      async () => {
        const rows = await system<{ status: string }>(
          'select processing_status as status from assets where id = any($1)',
          [assetIds],
        )
        if (rows.some((row) => row.status === 'failed')) throw new Error('a photo failed processing')
        return rows.length === assetIds.length && rows.every((row) => row.status === 'ready')
      },
      { timeoutMs: 60_000, message: 'photos were not processed' },
    )
    // The job marks its photo ready itself; the queue records the job as completed a moment after
    // the handler returns, so the queue's own record is awaited before it is judged.
    await waitUntil(
      async () => {
        const jobs = await sql.query<{ state: string }>(
          "select state from pgboss.job where name = 'media.generate-renditions' and data->>'assetId' = any($1)",
          [assetIds],
        )
        return (
          jobs.rows.length >= assetIds.length &&
          jobs.rows.every((job) => job.state !== 'active' && job.state !== 'created' && job.state !== 'retry')
        )
      },
      { timeoutMs: 30_000, message: 'the queue did not record the jobs as done' },
    )
    for (const assetId of assetIds) {
      const jobs = await sql.query<{ state: string; retry_count: number }>(
        "select state, retry_count from pgboss.job where name = 'media.generate-renditions' and data->>'assetId' = $1",
        [assetId],
      )
      expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }])
      // What the job's one run wrote: each rendition once (two runs would have written each twice).
      const recorded = await system<{ key: string }>(
        'select storage_key as key from asset_renditions where asset_id = $1',
        [assetId],
      )
      const written = [...created].filter(
        ([key]) => key.startsWith(`${admin.companyId}/${assetId}/`) && !key.includes('/original.'),
      )
      expect(recorded.length).toBeGreaterThan(0)
      expect(written.map(([key]) => key).sort()).toEqual(recorded.map((row) => row.key).sort())
      for (const [key, times] of written) expect(times, key).toBe(1)
    }
  })

  it("shows a change made on one node on fans' pages the other node keeps", async () => {
    const published = await admin.client.postForm(`/admin/content/${admin.galleryId}`, {
      intent: 'status',
      status: 'published',
    })
    expect(published.status).toBe(200)
    const [one, other] = nodes
    const fan = new TestClient(other.url)
    const page = `/${admin.slug}`
    const first = await fan.get(page)
    expect(first.status).toBe(200)
    expect(first.text).toContain('Night One')
    const kept = await fan.get(page)
    expect(kept.headers['x-afterglow-cache']).toBe('hit')

    const editor = new TestClient(one.url)
    for (const [name, value] of admin.client.cookies) editor.setCookie(name, value)
    expect(
      (await editor.postForm(`/admin/content/${admin.galleryId}`, { intent: 'save', title: 'Night One (encore)' }))
        .status,
    ).toBe(200)

    const after = await fan.get(page)
    expect(after.headers['x-afterglow-cache']).toBe('miss')
    expect(after.text).toContain('Night One (encore)')
    expect((await fan.get(page)).headers['x-afterglow-cache']).toBe('hit')
  })
})
