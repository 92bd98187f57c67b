import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { zipEntryNames as zipNames } from '../support/zip'
import { asset, contentItem, download, event, organization } from '#db/schema'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { asPlatform } from '#app/access/tenant.server'
import { BROWSER_UA, fanBrowser, waitForRawEvents } from '../support/analytics'
import { withPublicRead, withSystem } from '#app/lib/db.server'
import { getGalleryPage, getPublicGallery } from '#app/features/galleries/fans/server/get-public-gallery.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { GALLERY_PAGE_SIZE } from '#app/features/galleries/fans/gallery-paging'
import {
  assignChapters,
  LAST_SONG_MINUTES,
  parseSetlist,
  type StoredSetlist,
} from '#app/features/galleries/setlist/setlist'
import { chaptersOf, loadGalleryChapters } from '#app/features/galleries/setlist/server/load-gallery-chapters.server'
import { copyReadyPhoto, waitForAssetsReady } from '../support/assets'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makeVideo } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * Set-list chapters (issue 18 §5, ADR 061): capture times read by the real processing job from
 * real EXIF and a real video, a set-list pasted through the editor's route, the fans' chapter
 * pages and a chapter's ZIP.
 */

/** A JPEG with the EXIF a camera writes: its wall-clock time, and its UTC offset when it knows it. */
function exifPhoto(color: string, taken?: { at: string; offset?: string }) {
  const image = sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).jpeg({ quality: 85 })
  if (!taken) return image.toBuffer()
  return image
    .withExif({ IFD2: { DateTimeOriginal: taken.at, ...(taken.offset ? { OffsetTimeOriginal: taken.offset } : {}) } })
    .toBuffer()
}

/** An MP4 whose container says when it was recorded (UTC, as cameras write it). */
async function videoRecordedAt(iso: string) {
  const { execFile } = await import('node:child_process')
  const { promisify } = await import('node:util')
  const fs = await import('node:fs/promises')
  const os = await import('node:os')
  const path = await import('node:path')
  const { ffmpegPath } = await import('#app/features/media/server/ffmpeg-binary.server')
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'setlist-video-'))
  try {
    const source = path.join(directory, 'in.mp4')
    const target = path.join(directory, 'out.mp4')
    await fs.writeFile(source, await makeVideo('mp4', 2))
    await promisify(execFile)(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      source,
      '-c',
      'copy',
      '-metadata',
      `creation_time=${iso}`,
      target,
    ])
    return await fs.readFile(target)
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
}

function fetchBytes(
  client: TestClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, client.baseUrl),
      { headers: { cookie: client.cookieHeader(), ...headers } },
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

/** What the page rendered from its set-list on: the chapter menu and the grid (not the catalog shipped with it). */
function belowSetlist(html: string) {
  const start = html.indexOf('data-testid="setlist-chapters"')
  return start < 0 ? '' : html.slice(start, html.indexOf('<script', start))
}

/** The ids of the photos and videos a fans' page shows below its set-list (the cover above it is left out). */
function shownIds(html: string, ids: Record<string, string>) {
  const grid = belowSetlist(html)
  return Object.entries(ids)
    .filter(([, id]) => grid.includes(id))
    .map(([name]) => name)
    .sort()
}

describe('set-list chapters', () => {
  it('places photos and videos in the song during which they were taken, and a chapter downloads as a ZIP', async () => {
    const admin = await createCompanyAdmin('setlist')
    const company = admin.company
    // The show starts at 21:00 on the venue's clock (kept as if UTC, like every event's start).
    const [show] = await withSystem((tx) =>
      tx
        .insert(event)
        .values({
          companyId: company.id,
          slug: `tour-${randomBytes(3).toString('hex')}`,
          title: 'Lisbon night',
          startsAt: new Date('2026-07-14T21:00:00Z'),
          status: 'published',
        })
        .returning(),
    )
    const slug = `concert-${randomBytes(3).toString('hex')}`
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: company.id,
          kind: 'gallery',
          slug,
          title: 'Lisbon Night',
          status: 'published',
          publishedAt: new Date(),
          eventId: show.id,
        })
        .returning(),
    )

    const files: Array<[string, Buffer]> = [
      ['wallClock', await exifPhoto('#ef4444', { at: '2026:07:14 21:05:00' })], // camera clock, no zone: 21:05 → song 1
      ['withOffset', await exifPhoto('#22c55e', { at: '2026:07:14 22:11:00', offset: '+02:00' })], // 20:11 UTC = 21:11 in Lisbon → song 2
      ['slowCamera', await exifPhoto('#3b82f6', { at: '2026:07:14 21:07:30' })], // 21:07:30 → song 1; five minutes slow, really song 2
      ['noTime', await exifPhoto('#a855f7')], // → more from the night
      ['video', await videoRecordedAt('2026-07-14T20:25:00Z')], // 21:25 in Lisbon → song 3
    ]
    const ids: Record<string, string> = {}
    for (const [name, bytes] of files) {
      const upload = await tusUpload(admin.client, bytes, {
        filename: `${name}.${name === 'video' ? 'mp4' : 'jpg'}`,
        purpose: 'gallery-media',
        contentItemId: gallery.id,
      })
      if (!upload.ok || !upload.assetId) throw new Error(`upload of ${name} failed`)
      ids[name] = upload.assetId
    }
    await waitForAssetsReady(Object.values(ids), 90_000)

    // The processing job kept each capture time and whether it is a true instant.
    const captured = await withSystem((tx) =>
      tx
        .select({ id: asset.id, capturedAt: asset.capturedAt, offset: asset.captureOffsetMinutes })
        .from(asset)
        .where(inArray(asset.id, Object.values(ids))),
    )
    const captureOf = (name: string) => captured.find((row) => row.id === ids[name])!
    expect(captureOf('wallClock')).toMatchObject({ capturedAt: new Date('2026-07-14T21:05:00Z'), offset: null })
    expect(captureOf('withOffset')).toMatchObject({ capturedAt: new Date('2026-07-14T20:11:00Z'), offset: 120 })
    expect(captureOf('noTime')).toMatchObject({ capturedAt: null, offset: null })
    expect(captureOf('video')).toMatchObject({ capturedAt: new Date('2026-07-14T20:25:00Z'), offset: 0 })

    const setlistPath = `/admin/content/${gallery.id}/setlist`
    const form = {
      timeZone: 'Europe/Lisbon',
      clockShift: '+0:00',
      source: '21:04 Opening Night\n+0:10 Second Song\n21:20 Third Song',
    }

    // A wrong line refuses the whole set-list, names the line, and keeps nothing.
    const refused = await admin.client.postForm(setlistPath, {
      ...form,
      source: '21:04 Opening Night\nno time at all\n25:61 Broken',
    })
    expect(refused.status).toBe(400)
    expect(refused.json().problems).toEqual([
      { line: 2, key: 'setlist.errors.noTime' },
      { line: 3, key: 'setlist.errors.badTime' },
    ])
    expect(
      (await admin.client.postForm(setlistPath, { ...form, timeZone: 'Mars/Olympus' })).json().errors.timeZone,
    ).toEqual(['setlist.errors.timeZone'])
    expect(
      (await admin.client.postForm(setlistPath, { ...form, clockShift: 'later' })).json().errors.clockShift,
    ).toEqual(['setlist.errors.clockShift'])
    const [untouched] = await withSystem((tx) =>
      tx.select({ setlist: contentItem.setlist }).from(contentItem).where(eq(contentItem.id, gallery.id)),
    )
    expect(untouched.setlist).toBeNull()

    // A zone typed in any case is kept by its canonical name, which the database reads as well (it places the files).
    const saved = await admin.client.postForm(setlistPath, { ...form, timeZone: 'europe/lisbon' })
    expect(saved.status).toBe(200)
    // The panel reads back what was kept: songs resolved on the show's clock, from its event's start.
    const kept = (await admin.client.get(setlistPath)).json()
    expect(kept.setlist.timeZone).toBe('Europe/Lisbon')
    expect(kept.setlist.songs).toEqual([
      { title: 'Opening Night', startsAt: '2026-07-14T21:04:00.000Z' },
      { title: 'Second Song', startsAt: '2026-07-14T21:10:00.000Z' },
      { title: 'Third Song', startsAt: '2026-07-14T21:20:00.000Z' },
    ])

    const fan = new TestClient()
    const page = async (query = '') => {
      const response = await fan.get(`/${company.slug}/galeria/${slug}${query}`)
      expect(response.status).toBe(200)
      return response.text
    }
    const whole = belowSetlist(await page())
    expect(whole).toContain('Song 1 — Opening Night')
    expect(whole).toContain('More from the night')
    expect(whole).toContain('href="?chapter=more#setlist"')
    expect(shownIds(await page('?chapter=1'), ids)).toEqual(['slowCamera', 'wallClock'])
    const second = await page('?chapter=2')
    expect(belowSetlist(second)).toContain('Song 2 — Second Song')
    expect(shownIds(second, ids)).toEqual(['withOffset'])
    expect(shownIds(await page('?chapter=3'), ids)).toEqual(['video'])
    expect(shownIds(await page('?chapter=more'), ids)).toEqual(['noTime'])
    // In the fan's language: the closing chapter in Portuguese.
    expect(
      belowSetlist((await fan.get(`/${company.slug}/galeria/${slug}`, { 'accept-language': 'pt-BR' })).text),
    ).toContain('Mais da noite')

    // A chapter's ZIP holds that song's files only, named after it, and counts as a ZIP download.
    const zip = await fetchBytes(fan, `/download/content/${gallery.id}?chapter=1`)
    expect(zip.status).toBe(200)
    expect(zip.headers['content-disposition']).toContain(
      encodeURIComponent('Lisbon Night - Song 1 — Opening Night.zip'),
    )
    expect(await zipNames(zip.body)).toHaveLength(2)
    expect(await zipNames((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=more`)).body)).toHaveLength(1)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=9`)).status).toBe(404)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=drop-table`)).status).toBe(404)
    const recorded = await withSystem((tx) =>
      tx.select({ kind: download.kind }).from(download).where(eq(download.contentItemId, gallery.id)),
    )
    expect(recorded.map((row) => row.kind)).toEqual(['zip', 'zip'])

    // Analytics per song (ADR 063): its photos' views in the viewer (a repeat within 30 minutes
    // once), its files downloaded alone, and its chapter's ZIP. A script's downloads (above) count for none.
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ plan: 'professional', planValidUntil: null })
        .where(eq(organization.id, company.id)),
    )
    const viewer = { type: 'item_view', contentId: gallery.id }
    const events = [ids.wallClock, ids.slowCamera, ids.wallClock, ids.video].map((assetId) => ({ ...viewer, assetId }))
    expect((await fanBrowser().send({ company: company.id, events })).status).toBe(202)
    const asBrowser = { 'user-agent': BROWSER_UA }
    expect((await fetchBytes(fan, `/download/file/${ids.withOffset}`, asBrowser)).status).toBe(200)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=2`, asBrowser)).status).toBe(200)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=more`, asBrowser)).status).toBe(200)
    await waitForRawEvents(company.id, events.length + 3)
    await rollUpEvents(asPlatform('test'))
    const songs = (await admin.client.get('/admin/analytics/export.csv?by=song&range=7')).text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(songs).toEqual([
      'Gallery,id,Song no.,Song,Photos and videos,Views,Downloads',
      `Lisbon Night,${gallery.id},1,Opening Night,2,2,0`,
      `Lisbon Night,${gallery.id},2,Second Song,1,0,2`,
      `Lisbon Night,${gallery.id},3,Third Song,1,1,0`,
      `Lisbon Night,${gallery.id},,More from the night,1,0,1`,
    ])
    const analyticsPage = (await admin.client.get('/admin/analytics?range=7')).text
    expect(analyticsPage).toContain('data-testid="by-song"')
    expect(analyticsPage).toContain('Song 2 — Second Song')

    // The camera was five minutes slow: the shift moves its photo from song 1 into song 2.
    expect((await admin.client.postForm(setlistPath, { ...form, clockShift: '+0:05' })).status).toBe(200)
    expect(shownIds(await page('?chapter=1'), ids)).toEqual([])
    // Every capture time moves: the 21:05 photo is now 21:10, song 2's start; the video 21:30, still song 3.
    expect(shownIds(await page('?chapter=2'), ids)).toEqual(['slowCamera', 'wallClock', 'withOffset'])
    expect(shownIds(await page('?chapter=3'), ids)).toEqual(['video'])

    // Where the company asks for fans' details, a chapter's ZIP does too, and comes back to the chapter.
    await withSystem((tx) => tx.update(contentItem).set({ requireLead: true }).where(eq(contentItem.id, gallery.id)))
    const stranger = new TestClient()
    const asked = await fetchBytes(stranger, `/download/content/${gallery.id}?chapter=2`, { accept: 'text/html' })
    expect(asked.status).toBe(303)
    expect(decodeURIComponent(String(asked.headers.location))).toBe(
      `/download/lead?next=/download/content/${gallery.id}?chapter=2`,
    )
    expect((await stranger.get(String(asked.headers.location))).status).toBe(200)

    // An empty set-list removes the chapters.
    expect((await admin.client.postForm(setlistPath, { ...form, source: '' })).status).toBe(200)
    expect(belowSetlist(await page())).toBe('')
  }, 180_000)
})

describe('the database places files in songs as the set-list panel does', () => {
  /** A seeded sequence, so a failure can be run again as it was. */
  const seeded = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31)

  /**
   * A gallery of 400 photos taken around a show, their capture times as cameras leave them: a
   * wall clock with no zone, a true instant (a camera that knew its offset, or a video), none at
   * all; some exactly on a song's start or on the last song's end. The database's placement
   * (what fans' pages, chapter ZIPs and analytics use) must be assignChapters' (the admin's
   * preview) for each file, across a night when the clocks change and with a clock shift.
   */
  const cases: Array<{
    name: string
    timeZone: string
    setlist: string
    showStartsAt: string
    from: string
    hours: number
    clockShiftSeconds: number
  }> = [
    // Lisbon's clocks go back from 02:00 to 01:00 on 25 October 2026: 01:10 happens twice.
    {
      name: 'Lisbon, the night the clocks go back',
      timeZone: 'Europe/Lisbon',
      setlist: '23:30 Doors\n23:50 One\n23:50 Same start\n00:40 Two\n01:05 Three\n01:20 Four\n02:10 Encore',
      showStartsAt: '2026-10-24T23:30:00Z',
      from: '2026-10-24T22:00:00Z',
      hours: 6,
      clockShiftSeconds: -90,
    },
    // New York's go forward from 02:00 to 03:00 on 8 March 2026: 02:30 never happens.
    {
      name: 'New York, the night the clocks go forward',
      timeZone: 'America/New_York',
      setlist: '01:00 One\n01:45 Two\n02:20 Three\n03:05 Four',
      showStartsAt: '2026-03-08T01:00:00Z',
      from: '2026-03-08T05:00:00Z',
      hours: 5,
      clockShiftSeconds: 3600,
    },
    // A summer show west of UTC.
    {
      name: 'Los Angeles in summer',
      timeZone: 'America/Los_Angeles',
      setlist: '20:00 One\n20:30 Two\n21:15 Three',
      showStartsAt: '2026-07-14T20:00:00Z',
      from: '2026-07-15T02:00:00Z',
      hours: 3,
      clockShiftSeconds: 0,
    },
  ]

  it.each(cases)('$name', async ({ timeZone, setlist: text, showStartsAt, from, hours, clockShiftSeconds }) => {
    const admin = await createCompanyAdmin('setlist-sql')
    const slug = `show-${randomBytes(3).toString('hex')}`
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          slug,
          title: 'Show',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const first = (await tusUpload(admin.client, await exifPhoto('#0af'), {
      filename: 'first.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([first.assetId])
    const ids = [first.assetId, ...(await copyReadyPhoto(first.assetId, 399))]

    const { songs, problems } = parseSetlist(text, new Date(showStartsAt))
    expect(problems).toEqual([])
    const setlist: StoredSetlist = { songs, source: text, timeZone, clockShiftSeconds, showStartsAt: null }
    const random = seeded(ids.length + text.length)
    const lastEnd = Date.parse(songs.at(-1)!.startsAt) + LAST_SONG_MINUTES * 60_000
    const onEdges = [...songs.map((song) => Date.parse(song.startsAt)), lastEnd].map(
      (wall) => wall - clockShiftSeconds * 1000,
    )
    const capture = ids.map((id, index) => {
      const kind = random()
      if (kind < 0.1) return { id, capturedAt: null, captureOffsetMinutes: null }
      // Wall clocks exactly on a song's start or the last song's end, as a camera with whole seconds gives them.
      if (index < onEdges.length * 2)
        return {
          id,
          capturedAt: new Date(onEdges[index % onEdges.length] - (index >= onEdges.length ? 1000 : 0)),
          captureOffsetMinutes: null,
        }
      const instant = new Date(Date.parse(from) + Math.floor(random() * hours * 3600) * 1000)
      return kind < 0.5
        ? { id, capturedAt: instant, captureOffsetMinutes: null }
        : { id, capturedAt: instant, captureOffsetMinutes: kind < 0.75 ? 0 : 60 }
    })
    await withSystem(async (tx) => {
      await tx.update(contentItem).set({ setlist }).where(eq(contentItem.id, gallery.id))
      for (const file of capture)
        await tx
          .update(asset)
          .set({ capturedAt: file.capturedAt, captureOffsetMinutes: file.captureOffsetMinutes })
          .where(eq(asset.id, file.id))
    })

    // Each file placed as its capture time is written (the processing job's way), by the set-list kept on the gallery.
    const placedNow = async (stored: StoredSetlist) => {
      const expected = assignChapters(stored, capture)
      expect(expected.filter((chapter) => chapter.itemIds.length > 0).length).toBeGreaterThan(songs.length / 2)
      expect(await withPublicRead(admin.company.id, (tx) => chaptersOf(tx, gallery.id, stored))).toEqual(expected)
      // The fans' page: each chapter's count as the database keeps it, and its photos page by page in the gallery's order.
      const context = await resolvePublicCompany({ host: { kind: 'platform' }, path: '/' }, admin.company.slug)
      const fan = new TestClient()
      for (const chapter of expected) {
        const listed = await loadGalleryChapters(context, { id: gallery.id, setlist: stored }, chapter.key)
        expect(listed!.chapters.find((shown) => shown.key === chapter.key)?.count ?? 0).toBe(chapter.itemIds.length)
        expect(listed!.current?.key).toBe(chapter.key)
        // The gallery's page with ?chapter= shows the song's first page; the rest comes as the fan scrolls.
        const first = await getPublicGallery(context, slug, { tab: 'all', chapter: chapter.key })
        const seen = first.media.map((media) => media.id)
        const throughServer = [...seen]
        const song = chapter.number ?? 0
        for (let next = first.next, after = next; next; ) {
          const page = await getGalleryPage(context, slug, { tab: 'all', after: next, song })
          seen.push(...page.media.map((media) => media.id))
          next = page.next
          // The same pages as the fan's browser fetches them.
          const fetched = (
            await fan.get(
              `/${admin.company.slug}/galeria/${slug}/fotos?chapter=${chapter.key}&after=${encodeURIComponent(after!)}`,
            )
          ).json<{ media: Array<{ id: string }>; next: string | null }>()
          throughServer.push(...fetched.media.map((media) => media.id))
          after = fetched.next
        }
        expect(seen).toEqual(chapter.itemIds)
        expect(throughServer).toEqual(chapter.itemIds)
      }
      expect(Math.max(...expected.map((chapter) => chapter.itemIds.length))).toBeGreaterThan(GALLERY_PAGE_SIZE)
    }
    await placedNow(setlist)

    // The company corrects the camera clock: every file is placed again.
    const shifted = { ...setlist, clockShiftSeconds: clockShiftSeconds + 150 }
    await withSystem((tx) => tx.update(contentItem).set({ setlist: shifted }).where(eq(contentItem.id, gallery.id)))
    await placedNow(shifted)
    // Files leave the grid (one deleted, one hidden by moderation, one back to processing): the counts follow.
    await withSystem(async (tx) => {
      await tx.delete(asset).where(eq(asset.id, ids[7]))
      await tx.update(asset).set({ moderation: 'pending' }).where(eq(asset.id, ids[8]))
      await tx.update(asset).set({ processingStatus: 'processing' }).where(eq(asset.id, ids[9]))
    })
    capture.splice(7, 3)
    await placedNow(shifted)
  })
})

describe('a set-list kept with a zone this database cannot read', () => {
  it('still lets its gallery take files, reading their capture times as the venue clock', async () => {
    const admin = await createCompanyAdmin('setlist-zone')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          slug: `old-${randomBytes(3).toString('hex')}`,
          title: 'Old show',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const { songs } = parseSetlist('21:00 One\n21:30 Two', new Date('2026-07-14T21:00:00Z'))
    // Saved before zones were kept by their canonical names: Node reads this one, PostgreSQL does not.
    await withSystem((tx) =>
      tx
        .update(contentItem)
        .set({ setlist: { songs, source: '', timeZone: 'US/Pacific-New', clockShiftSeconds: 0, showStartsAt: null } })
        .where(eq(contentItem.id, gallery.id)),
    )
    const upload = (await tusUpload(
      admin.client,
      await exifPhoto('#f80', { at: '2026:07:14 21:35:00', offset: '-07:00' }),
      { filename: 'late.jpg', purpose: 'gallery-media', contentItemId: gallery.id },
    )) as { assetId: string }
    await waitForAssetsReady([upload.assetId])
    const [file] = await withSystem((tx) =>
      tx
        .select({ song: asset.setlistSong, offset: asset.captureOffsetMinutes })
        .from(asset)
        .where(eq(asset.id, upload.assetId)),
    )
    // 04:35 UTC read as the venue's clock: after the last song.
    expect(file).toEqual({ song: 0, offset: -420 })
  })
})
