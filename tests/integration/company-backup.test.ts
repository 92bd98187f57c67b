import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  analyticsDaily,
  analyticsDailyFile,
  analyticsDailyShare,
  analyticsDailySong,
  analyticsPlaybackBucket,
  asset,
  auditEvent,
  comment,
  companyBackup,
  contentItem,
  download,
  event,
  lead,
  liveFollower,
  member,
  organization,
  subscription,
} from '#db/schema'
import { syncCompanyPlan } from '#app/features/billing/server/sync-company-plan.server'
import { ARCHIVE_MANIFEST, ARCHIVE_TABLES, ZCompanyArchiveManifest } from '#app/features/backup/company-archive'
import { ARCHIVE_TABLE_SPECS } from '#app/features/backup/server/company-archive-tables.server'
import { openCompanyArchive } from '#app/features/backup/server/read-company-archive.server'
import { companyArchiveJob } from '#app/jobs/definitions/backup/company-archive'
import { nightlyBackupsJob } from '#app/jobs/definitions/backup/nightly'
import { enqueue, startJobs } from '#app/jobs/queue.server'
import { getDb, getPool, withSystem } from '#app/lib/db.server'
import { createLocalStorage } from '#app/lib/storage.server'
import { waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * Enterprise's automatic backup (issue 17, ADR 055): a company with galleries, real photos,
 * events, leads with consent, live-show followers, comments, downloads and analytics rollups is archived by the job
 * through the real queue; the archive holds exactly its data; restored by the CLI as a new
 * company, every table's rows and every file's bytes come back the same; seven are kept; a lower
 * plan is refused.
 */

const run = promisify(execFile)
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const storage = () => createLocalStorage(path.join(inject('dataDir'), 'media'))
const DAY = 86_400_000

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

async function makeEnterprise(companyId: string) {
  await withSystem(async (tx) => {
    await tx.insert(subscription).values({
      companyId,
      provider: 'test',
      customerId: `cus_${companyId}`,
      subscriptionId: `sub_${companyId}`,
      plan: 'enterprise',
      status: 'active',
      currency: 'EUR',
      unitAmount: 3700,
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
    })
    await syncCompanyPlan(tx, companyId)
  })
}

/** A company's worth of data: a gallery with real photos in an event, a single item, leads with consent, comments, downloads and rollups. */
async function fillCompany(admin: Admin, label: string) {
  const companyId = admin.company.id
  const [show] = await withSystem((tx) =>
    tx
      .insert(event)
      .values({
        companyId,
        slug: `${label}-night`,
        title: `${label} night`,
        status: 'published',
        venue: 'Arena',
        startsAt: new Date('2026-10-01T20:00:00Z'),
      })
      .returning(),
  )
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId,
        kind: 'gallery',
        slug: `${label}-gallery`,
        title: `${label} gallery`,
        eventId: show.id,
        requireLead: true,
      })
      .returning(),
  )
  const assetIds: string[] = []
  for (const [index, color] of ['#335577', '#aa3311'].entries()) {
    const done = await tusUpload(admin.client, await makePhoto(640, 400, color), {
      filename: `${label}-${index}.jpg`,
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    if (!done.ok || !done.assetId) throw new Error(`upload failed: ${JSON.stringify(done)}`)
    assetIds.push(done.assetId)
  }
  await waitForAssetsReady(assetIds)
  await withSystem(async (tx) => {
    await tx
      .update(contentItem)
      .set({ status: 'published', publishedAt: new Date(), coverAssetId: assetIds[0] })
      .where(eq(contentItem.id, gallery.id))
    await tx.update(event).set({ coverAssetId: assetIds[1] }).where(eq(event.id, show.id))
    await tx
      .insert(contentItem)
      .values({ companyId, kind: 'single', slug: `${label}-single`, title: `${label} single`, status: 'draft' })
    const leads = await tx
      .insert(lead)
      .values([
        {
          companyId,
          contentItemId: gallery.id,
          eventId: show.id,
          fullName: 'Ana Fan',
          email: `ana-${label}@fans.test`,
          privacyAcceptedAt: new Date('2026-10-02T10:00:00Z'),
          dataProcessingConsent: true,
          marketingConsent: true,
          policyVersion: '2026-09',
          language: 'pt',
          userAgent: 'Phone',
          sourceUrl: 'https://example.test/g',
        },
        {
          companyId,
          contentItemId: gallery.id,
          fullName: 'Bo Fan',
          email: `bo-${label}@fans.test`,
          privacyAcceptedAt: new Date('2026-10-03T10:00:00Z'),
          dataProcessingConsent: true,
          marketingConsent: false,
          policyVersion: '2026-09',
          language: 'en',
        },
      ])
      .returning()
    await tx
      .insert(comment)
      .values({ companyId, contentItemId: gallery.id, name: 'Ana', body: `Great ${label} show`, status: 'approved' })
    await tx.insert(download).values({
      companyId,
      contentItemId: gallery.id,
      assetId: assetIds[0],
      leadId: leads[0].id,
      kind: 'file',
      quality: 'original',
    })
    await tx.insert(analyticsDaily).values([
      {
        companyId,
        scope: 'company',
        subject: '',
        day: '2026-10-02',
        pageViews: 40,
        visitors: 12,
        downloads: 3,
        leads: 2,
      },
      { companyId, scope: 'event', subject: show.id, day: '2026-10-02', pageViews: 20, visitors: 9 },
      { companyId, scope: 'item', subject: gallery.id, day: '2026-10-02', itemViews: 15, downloads: 3, shares: 1 },
    ])
    await tx
      .insert(analyticsDailyShare)
      .values({ companyId, scope: 'item', subject: gallery.id, day: '2026-10-02', channel: 'whatsapp', shares: 1 })
    await tx
      .insert(analyticsPlaybackBucket)
      .values({ companyId, contentItemId: gallery.id, assetId: assetIds[1], day: '2026-10-02', bucket: 3, plays: 4 })
    await tx.insert(analyticsDailyFile).values({
      companyId,
      contentItemId: gallery.id,
      assetId: assetIds[1],
      day: '2026-10-02',
      watchedSeconds: 42,
      plays: 2,
      completions: 1,
      itemViews: 7,
      downloads: 1,
    })
    await tx.insert(analyticsDailySong).values({
      companyId,
      contentItemId: gallery.id,
      song: '2026-10-01T20:04:00.000Z',
      day: '2026-10-02',
      zipDownloads: 2,
    })
    await tx.insert(liveFollower).values({ companyId, contentItemId: gallery.id, leadId: leads[1].id, language: 'en' })
  })
  return { show, gallery, assetIds }
}

async function waitForBackup(
  companyId: string,
  until: (rows: { id: string; status: string; error: string | null; storageKey: string }[]) => boolean,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await withSystem((tx) =>
      tx
        .select({
          id: companyBackup.id,
          status: companyBackup.status,
          error: companyBackup.error,
          storageKey: companyBackup.storageKey,
        })
        .from(companyBackup)
        .where(eq(companyBackup.companyId, companyId))
        .orderBy(asc(companyBackup.createdAt)),
    )
    if (until(rows)) return rows
    if (Date.now() > deadline) throw new Error(`backups of ${companyId} never got there: ${JSON.stringify(rows)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function backUpNow(admin: Admin) {
  const before = await waitForBackup(admin.company.id, () => true)
  const answer = await admin.client.postForm('/admin/settings/backups.data', { intent: 'back-up-now' })
  expect(answer.status, answer.text).toBe(200)
  const rows = await waitForBackup(
    admin.company.id,
    (now) =>
      now.length > 0 &&
      now.every((row) => row.status !== 'running') &&
      now.some((row) => !before.some((old) => old.id === row.id)),
  )
  return rows.find((row) => !before.some((old) => old.id === row.id))!
}

/** Rows of the company in `table`, with ids replaced by what they name, so an original and its restored copy compare equal. */
async function comparableRows(companyId: string) {
  const label = new Map<string, string>()
  const all: Record<string, Record<string, unknown>[]> = {}
  await withSystem(async (tx) => {
    for (const name of ARCHIVE_TABLES) {
      const spec = ARCHIVE_TABLE_SPECS[name]
      all[name] = (await tx.select().from(spec.table).where(eq(spec.table.companyId, companyId))) as Record<
        string,
        unknown
      >[]
    }
  })
  for (const row of all.events) label.set(String(row.id), `event:${row.slug}`)
  for (const row of all.content_items) label.set(String(row.id), `item:${row.slug}`)
  for (const row of all.assets) label.set(String(row.id), `asset:${row.originalName}`)
  for (const row of all.leads) label.set(String(row.id), `lead:${row.email}`)
  const named = (value: unknown) => (typeof value === 'string' && label.has(value) ? label.get(value) : value)
  const result: Record<string, string[]> = {}
  for (const name of ARCHIVE_TABLES) {
    result[name] = all[name]
      .map((row) => {
        const { id: _id, companyId: _company, ...rest } = row
        const comparable: Record<string, unknown> = {}
        for (const [column, value] of Object.entries(rest)) comparable[column] = named(value)
        if (name === 'assets') {
          // The copy's file lives under its own ids; its renditions are made again (pending).
          comparable.storageKey = String(row.storageKey).split('/').pop()
          delete comparable.processingStatus
          delete comparable.processingError
          // Its place in live streams is its own, taken once its renditions are ready again.
          delete comparable.liveSeq
          // Its sources are kept from those renditions as they are made again (migration 0044).
          delete comparable.webpSources
        }
        return JSON.stringify(comparable)
      })
      .sort()
  }
  return { rows: result, assets: all.assets }
}

describe('company backup', () => {
  let work: string
  let admin: Admin
  let other: Admin
  let starter: Admin
  let data: Awaited<ReturnType<typeof fillCompany>>
  let otherData: Awaited<ReturnType<typeof fillCompany>>
  let first: { id: string; storageKey: string }
  let archiveFile: string
  let stopQueue: () => Promise<void>

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-company-backup-'))
    // This process only queues; the app under test's workers run the jobs.
    stopQueue = (await startJobs(process.env.DATABASE_URL!, [companyArchiveJob, nightlyBackupsJob], { work: false }))
      .stop
    admin = await createCompanyAdmin('archived')
    other = await createCompanyAdmin('neighbour')
    starter = await createCompanyAdmin('small')
    await makeEnterprise(admin.company.id)
    await makeEnterprise(other.company.id)
    data = await fillCompany(admin, 'ours')
    otherData = await fillCompany(other, 'theirs')
  })

  afterAll(async () => {
    await stopQueue?.()
    await fs.rm(work, { recursive: true, force: true })
  })

  it('archives exactly the company: its tables as JSON and CSV, its originals, a manifest of checksums', async () => {
    const done = await backUpNow(admin)
    expect(done.status, done.error ?? '').toBe('ready')
    first = done
    archiveFile = path.join(work, 'archive.zip')
    await fs.copyFile(storage().localPath!(done.storageKey), archiveFile)
    const archive = await openCompanyArchive(archiveFile)
    try {
      const manifest = ZCompanyArchiveManifest.parse(JSON.parse(await archive.readText(ARCHIVE_MANIFEST)))
      expect(manifest.company.id).toBe(admin.company.id)
      const originals = await withSystem((tx) => tx.select().from(asset).where(eq(asset.companyId, admin.company.id)))
      expect(archive.names().sort()).toEqual(
        [
          'data/company.json',
          ARCHIVE_MANIFEST,
          ...ARCHIVE_TABLES.flatMap((name) => [`data/${name}.json`, `data/${name}.csv`]),
          ...originals.map((row) => `files/${row.id}/${row.storageKey.split('/').pop()}`),
        ].sort(),
      )
      for (const original of originals) {
        const bytes = Buffer.concat(await (await storage().read(original.storageKey)).toArray())
        const entry = manifest.files.find((file) => file.assetId === original.id)!
        expect(entry.sha256).toBe(sha256(bytes))
        expect(sha256(Buffer.concat(await (await archive.read(entry.path)).toArray()))).toBe(entry.sha256)
      }
      expect(manifest.files.map((file) => file.assetId).sort()).toEqual([...data.assetIds].sort())
      const counts: Record<string, number> = {}
      for (const name of ARCHIVE_TABLES) {
        const rows = JSON.parse(await archive.readText(`data/${name}.json`)) as { companyId: string }[]
        counts[name] = rows.length
        expect(
          rows.every((row) => row.companyId === admin.company.id),
          name,
        ).toBe(true)
        const csv = await archive.readText(`data/${name}.csv`)
        expect(csv.trim().split('\r\n')).toHaveLength(rows.length + 1)
      }
      expect(counts).toEqual({
        events: 1,
        content_items: 2,
        assets: 2,
        leads: 2,
        comments: 1,
        downloads: 1,
        analytics_daily: 3,
        analytics_daily_shares: 1,
        analytics_playback_buckets: 1,
        analytics_daily_files: 1,
        analytics_daily_songs: 1,
        live_followers: 1,
      })
      const leads = JSON.parse(await archive.readText('data/leads.json')) as {
        email: string
        dataProcessingConsent: boolean
        marketingConsent: boolean
        policyVersion: string
        privacyAcceptedAt: string
      }[]
      expect(leads.find((row) => row.email === 'ana-ours@fans.test')).toMatchObject({
        dataProcessingConsent: true,
        marketingConsent: true,
        policyVersion: '2026-09',
        privacyAcceptedAt: '2026-10-02T10:00:00.000Z',
      })
      // Nothing of the neighbour: not its company id, leads, items or files.
      for (const name of archive.names().filter((entry) => entry.endsWith('.json') || entry.endsWith('.csv'))) {
        const text = await archive.readText(name)
        for (const foreign of [other.company.id, 'theirs', otherData.gallery.id, ...otherData.assetIds])
          expect(text, `${name} holds ${foreign}`).not.toContain(foreign)
      }
    } finally {
      archive.close()
    }
  })

  it('lets only the company\u2019s admins download it, streamed whole', async () => {
    const response = await fetch(`${inject('baseUrl')}/admin/settings/backups/${first.id}/download`, {
      headers: { cookie: admin.client.cookieHeader() },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toContain(`${admin.company.slug}-backup-`)
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(await fs.readFile(archiveFile)))
    // The archive holds the fans' leads: asking for it and taking it are in the audit trail.
    const audited = await withSystem((tx) =>
      tx
        .select({ action: auditEvent.action, category: auditEvent.category, recordId: auditEvent.recordId })
        .from(auditEvent)
        .where(eq(auditEvent.companyId, admin.company.id)),
    )
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'backup.request', category: 'admin_privileged_action', recordId: first.id },
        { action: 'backup.download', category: 'lead_data_access', recordId: first.id },
      ]),
    )
    expect((await other.client.get(`/admin/settings/backups/${first.id}/download`)).status).toBe(404)
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    expect((await manager.get(`/admin/settings/backups/${first.id}/download`)).status).toBe(403)
    expect((await manager.postForm('/admin/settings/backups.data', { intent: 'back-up-now' })).status).toBe(403)
  })

  it('restores the archive as a new company: every row and every file the same, under new ids', async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      ['scripts/restore-company.js', archiveFile, '--slug', `${admin.company.slug}-copy`],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: inject('databaseUrl'),
          DATA_DIR: inject('dataDir'),
        },
        timeout: 120_000,
      },
    ).catch((error: { stdout: string; stderr: string }) => error)
    expect(stdout, stderr).toContain(`Restored as ${admin.company.slug}-copy`)
    const [copy] = await getDb()
      .select()
      .from(organization)
      .where(eq(organization.slug, `${admin.company.slug}-copy`))
    expect(copy.id).not.toBe(admin.company.id)
    expect(copy.name).toBe(admin.company.name)
    expect(copy.plan).toBe('starter')
    const [restoredEntry] = await withSystem((tx) =>
      tx
        .select({ action: auditEvent.action, details: auditEvent.details })
        .from(auditEvent)
        .where(eq(auditEvent.companyId, copy.id)),
    )
    expect(restoredEntry).toMatchObject({ action: 'company.restore', details: { fromCompanyId: admin.company.id } })
    const team = await getDb().select({ role: member.role }).from(member).where(eq(member.organizationId, copy.id))
    expect(team).toEqual([{ role: 'admin' }])

    const original = await comparableRows(admin.company.id)
    const restored = await comparableRows(copy.id)
    for (const name of ARCHIVE_TABLES) expect(restored.rows[name], name).toEqual(original.rows[name])
    // New ids everywhere: nothing of the copy names a row of the original.
    const originalIds = new Set([...original.assets.map((row) => row.id)])
    expect(restored.assets.some((row) => originalIds.has(row.id))).toBe(false)
    for (const copied of restored.assets) {
      const source = original.assets.find((row) => row.originalName === copied.originalName)!
      expect(String(copied.storageKey).startsWith(`${copy.id}/${copied.id}/`)).toBe(true)
      expect(copied.processingStatus).toBe('pending')
      // No sources named before the copy's renditions are made.
      expect(copied.webpSources).toEqual([])
      const before = Buffer.concat(await (await storage().read(String(source.storageKey))).toArray())
      const after = Buffer.concat(await (await storage().read(String(copied.storageKey))).toArray())
      expect(sha256(after)).toBe(sha256(before))
    }
  })

  it('refuses a damaged archive and a taken slug, leaving no company behind', async () => {
    const bytes = await fs.readFile(archiveFile)
    const damaged = path.join(work, 'damaged.zip')
    // Entries are stored as they are: one byte changed in the middle of the first photo's bytes.
    const [photo] = await withSystem((tx) => tx.select().from(asset).where(eq(asset.id, data.assetIds[0])))
    const original = Buffer.concat(await (await storage().read(photo.storageKey)).toArray())
    const at = bytes.indexOf(original)
    expect(at).toBeGreaterThan(0)
    bytes[at + (original.length >> 1)] ^= 0xff
    await fs.writeFile(damaged, bytes)
    const companiesBefore = (await getDb().select({ id: organization.id }).from(organization)).length
    for (const [file, slug, message] of [
      [
        damaged,
        'damaged-copy',
        new RegExp(
          `^The archive is damaged: files/${data.assetIds[0]}/original\\.jpg does not match its checksum\\.$`,
          'm',
        ),
      ],
      [archiveFile, admin.company.slug, /is taken: choose another with --slug/],
    ] as const) {
      const failed = await run(process.execPath, ['scripts/restore-company.js', file, '--slug', slug], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: inject('databaseUrl'),
          DATA_DIR: inject('dataDir'),
        },
        timeout: 120_000,
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      )
      expect(failed?.code).toBe(1)
      expect(failed?.stderr).toMatch(message)
    }
    expect((await getDb().select({ id: organization.id }).from(organization)).length).toBe(companiesBefore)
  })

  it('keeps the last seven archives, removing older ones from storage and the list', async () => {
    // The nightly run archives every Enterprise company and none other.
    await enqueue(nightlyBackupsJob, {})
    const nightly = await waitForBackup(
      admin.company.id,
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'ready'),
    )
    await waitForBackup(other.company.id, (rows) => rows.length === 1 && rows[0].status === 'ready')
    expect(nightly.length).toBe(2)
    for (let n = 3; n <= 8; n++) expect((await backUpNow(admin)).status).toBe('ready')
    const kept = await waitForBackup(admin.company.id, (rows) => rows.length === 7)
    expect(kept.map((row) => row.id)).not.toContain(first.id)
    expect(await storage().head(first.storageKey)).toBeNull()
    for (const row of kept) expect(await storage().head(row.storageKey), row.id).not.toBeNull()
  })

  it('refuses a lower plan: the button answers 402 and a queued job writes nothing', async () => {
    const refused = await starter.client.postForm('/admin/settings/backups.data', { intent: 'back-up-now' })
    expect(refused.status).toBe(402)
    const page = await starter.client.get('/admin/settings/backups')
    expect(page.status).toBe(200)
    expect(page.text).toContain('data-testid="backups-upgrade"')
    const jobId = await enqueue(companyArchiveJob, { companyId: starter.company.id, trigger: 'manual' })
    const deadline = Date.now() + 30_000
    for (;;) {
      const { rows } = await getPool().query<{ state: string }>('select state from pgboss.job where id = $1', [jobId])
      if (rows[0]?.state === 'completed') break
      if (Date.now() > deadline) throw new Error(`job ${jobId} is ${rows[0]?.state}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(
      await withSystem((tx) => tx.select().from(companyBackup).where(eq(companyBackup.companyId, starter.company.id))),
    ).toEqual([])
    const keys: string[] = []
    for await (const key of storage().list()) if (key.startsWith(`${starter.company.id}/backups/`)) keys.push(key)
    expect(keys).toEqual([])
  })

  it('says why when a requested archive is refused after the plan changed', async () => {
    // Asked for while Enterprise, run after the plan fell to Starter: failed, with the reason in the admin's words.
    const [asked] = await withSystem((tx) =>
      tx
        .insert(companyBackup)
        .values({
          companyId: starter.company.id,
          trigger: 'manual',
          storageKey: `${starter.company.id}/backups/${crypto.randomUUID()}.zip`,
        })
        .returning(),
    )
    await enqueue(companyArchiveJob, { companyId: starter.company.id, backupId: asked.id, trigger: 'manual' })
    const [row] = await waitForBackup(starter.company.id, (rows) => rows[0]?.status === 'failed')
    expect(row.error).toBe('backups.errors.plan')
    const page = await starter.client.get('/admin/settings/backups', { 'accept-language': 'fr' })
    expect(page.text).toContain('data-status="failed"')
    expect(page.text).toContain('Les sauvegardes automatiques font partie de l’offre Enterprise.')
  })
})
