import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { zipEntryNames as zipNames } from '../support/zip'
import { asset, contentItem, download, event, organization } from '#db/schema'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { BROWSER_UA, fanBrowser, waitForRawEvents } from '../support/analytics'
import { withSystem } from '#app/lib/db.server'
import { waitForAssetsReady } from '../support/assets'
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
  return image.withExif({ IFD2: { DateTimeOriginal: taken.at, ...(taken.offset ? { OffsetTimeOriginal: taken.offset } : {}) } }).toBuffer()
}

/** An MP4 whose container says when it was recorded (UTC, as cameras write it). */
async function videoRecordedAt(iso: string) {
  const { execFile } = await import('node:child_process')
  const { promisify } = await import('node:util')
  const fs = await import('node:fs/promises')
  const os = await import('node:os')
  const path = await import('node:path')
  const { ffmpegPath } = await import('#app/features/media/server/video.server')
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'setlist-video-'))
  try {
    const source = path.join(directory, 'in.mp4')
    const target = path.join(directory, 'out.mp4')
    await fs.writeFile(source, await makeVideo('mp4', 2))
    await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', source, '-c', 'copy', '-metadata', `creation_time=${iso}`, target])
    return await fs.readFile(target)
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
}

function fetchBytes(client: TestClient, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, client.baseUrl), { headers: { cookie: client.cookieHeader(), ...headers } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
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
    const [show] = await withSystem((tx) => tx.insert(event).values({ companyId: company.id, slug: `tour-${randomBytes(3).toString('hex')}`, title: 'Lisbon night', startsAt: new Date('2026-07-14T21:00:00Z'), status: 'published' }).returning())
    const slug = `concert-${randomBytes(3).toString('hex')}`
    const [gallery] = await withSystem((tx) => tx.insert(contentItem).values({ companyId: company.id, kind: 'gallery', slug, title: 'Lisbon Night', status: 'published', publishedAt: new Date(), eventId: show.id }).returning())

    const files: Array<[string, Buffer]> = [
      ['wallClock', await exifPhoto('#ef4444', { at: '2026:07:14 21:05:00' })], // camera clock, no zone: 21:05 → song 1
      ['withOffset', await exifPhoto('#22c55e', { at: '2026:07:14 22:11:00', offset: '+02:00' })], // 20:11 UTC = 21:11 in Lisbon → song 2
      ['slowCamera', await exifPhoto('#3b82f6', { at: '2026:07:14 21:07:30' })], // 21:07:30 → song 1; five minutes slow, really song 2
      ['noTime', await exifPhoto('#a855f7')], // → more from the night
      ['video', await videoRecordedAt('2026-07-14T20:25:00Z')], // 21:25 in Lisbon → song 3
    ]
    const ids: Record<string, string> = {}
    for (const [name, bytes] of files) {
      const upload = await tusUpload(admin.client, bytes, { filename: `${name}.${name === 'video' ? 'mp4' : 'jpg'}`, purpose: 'gallery-media', contentItemId: gallery.id })
      if (!upload.ok || !upload.assetId) throw new Error(`upload of ${name} failed`)
      ids[name] = upload.assetId
    }
    await waitForAssetsReady(Object.values(ids), 90_000)

    // The processing job kept each capture time and whether it is a true instant.
    const captured = await withSystem((tx) => tx.select({ id: asset.id, capturedAt: asset.capturedAt, offset: asset.captureOffsetMinutes }).from(asset).where(inArray(asset.id, Object.values(ids))))
    const captureOf = (name: string) => captured.find((row) => row.id === ids[name])!
    expect(captureOf('wallClock')).toMatchObject({ capturedAt: new Date('2026-07-14T21:05:00Z'), offset: null })
    expect(captureOf('withOffset')).toMatchObject({ capturedAt: new Date('2026-07-14T20:11:00Z'), offset: 120 })
    expect(captureOf('noTime')).toMatchObject({ capturedAt: null, offset: null })
    expect(captureOf('video')).toMatchObject({ capturedAt: new Date('2026-07-14T20:25:00Z'), offset: 0 })

    const setlistPath = `/admin/content/${gallery.id}/setlist`
    const form = { timeZone: 'Europe/Lisbon', clockShift: '+0:00', source: '21:04 Opening Night\n+0:10 Second Song\n21:20 Third Song' }

    // A wrong line refuses the whole set-list, names the line, and keeps nothing.
    const refused = await admin.client.postForm(setlistPath, { ...form, source: '21:04 Opening Night\nno time at all\n25:61 Broken' })
    expect(refused.status).toBe(400)
    expect(refused.json().problems).toEqual([
      { line: 2, key: 'setlist.errors.noTime' },
      { line: 3, key: 'setlist.errors.badTime' },
    ])
    expect((await admin.client.postForm(setlistPath, { ...form, timeZone: 'Mars/Olympus' })).json().errors.timeZone).toEqual(['setlist.errors.timeZone'])
    expect((await admin.client.postForm(setlistPath, { ...form, clockShift: 'later' })).json().errors.clockShift).toEqual(['setlist.errors.clockShift'])
    const [untouched] = await withSystem((tx) => tx.select({ setlist: contentItem.setlist }).from(contentItem).where(eq(contentItem.id, gallery.id)))
    expect(untouched.setlist).toBeNull()

    const saved = await admin.client.postForm(setlistPath, form)
    expect(saved.status).toBe(200)
    // The panel reads back what was kept: songs resolved on the show's clock, from its event's start.
    const kept = (await admin.client.get(setlistPath)).json()
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
    expect(belowSetlist((await fan.get(`/${company.slug}/galeria/${slug}`, { 'accept-language': 'pt-BR' })).text)).toContain('Mais da noite')

    // A chapter's ZIP holds that song's files only, named after it, and counts as a ZIP download.
    const zip = await fetchBytes(fan, `/download/content/${gallery.id}?chapter=1`)
    expect(zip.status).toBe(200)
    expect(zip.headers['content-disposition']).toContain(encodeURIComponent('Lisbon Night - Song 1 — Opening Night.zip'))
    expect(await zipNames(zip.body)).toHaveLength(2)
    expect(await zipNames((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=more`)).body)).toHaveLength(1)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=9`)).status).toBe(404)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=drop-table`)).status).toBe(404)
    const recorded = await withSystem((tx) => tx.select({ kind: download.kind }).from(download).where(eq(download.contentItemId, gallery.id)))
    expect(recorded.map((row) => row.kind)).toEqual(['zip', 'zip'])

    // Analytics per song (ADR 063): its photos' views in the viewer (a repeat within 30 minutes
    // once), its files downloaded alone, and its chapter's ZIP. A script's downloads (above) count for none.
    await withSystem((tx) => tx.update(organization).set({ plan: 'professional', planValidUntil: null }).where(eq(organization.id, company.id)))
    const viewer = { type: 'item_view', contentId: gallery.id }
    const events = [ids.wallClock, ids.slowCamera, ids.wallClock, ids.video].map((assetId) => ({ ...viewer, assetId }))
    expect((await fanBrowser().send({ company: company.id, events })).status).toBe(202)
    const asBrowser = { 'user-agent': BROWSER_UA }
    expect((await fetchBytes(fan, `/download/file/${ids.withOffset}`, asBrowser)).status).toBe(200)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=2`, asBrowser)).status).toBe(200)
    expect((await fetchBytes(fan, `/download/content/${gallery.id}?chapter=more`, asBrowser)).status).toBe(200)
    await waitForRawEvents(company.id, events.length + 3)
    await rollUpEvents()
    const songs = (await admin.client.get('/admin/analytics/export.csv?by=song&range=7')).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
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
    expect(decodeURIComponent(String(asked.headers.location))).toBe(`/download/lead?next=/download/content/${gallery.id}?chapter=2`)
    expect((await stranger.get(String(asked.headers.location))).status).toBe(200)

    // An empty set-list removes the chapters.
    expect((await admin.client.postForm(setlistPath, { ...form, source: '' })).status).toBe(200)
    expect(belowSetlist(await page())).toBe('')
  }, 180_000)
})
