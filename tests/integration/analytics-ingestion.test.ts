import { inject, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { withSystem } from '#app/lib/db.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { asPlatform } from '#app/access/tenant.server'
import { recordServerEvent } from '#app/features/analytics/server/record-server-event.server'
import { flushEvents } from '#app/features/analytics/server/event-buffer.server'
import { EVENT_BURST } from '#app/features/analytics/server/event-allowance.server'
import { createCompanyAdmin } from '../support/fixtures'
import {
  BROWSER_UA,
  fanBrowser,
  figureOf,
  publishedCatalog,
  rawEventCount,
  waitForRawEvents,
} from '../support/analytics'

type Catalog = Awaited<ReturnType<typeof publishedCatalog>>

describe('POST /api/events', () => {
  let companyId: string
  let catalog: Catalog
  let other: { companyId: string; catalog: Catalog }

  beforeAll(async () => {
    const admin = await createCompanyAdmin('stats')
    companyId = admin.company.id
    catalog = await publishedCatalog(companyId)
    const rival = await createCompanyAdmin('rival')
    other = { companyId: rival.company.id, catalog: await publishedCatalog(rival.company.id) }
  })

  it('counts every kind of event once, for the company, its event and its item', async () => {
    const fan = fanBrowser()
    const { galleryId, singleId, eventId, photoId, videoId, audioId } = catalog
    const events = [
      { type: 'page_view', page: 'landing' },
      { type: 'page_view', page: 'event', eventId },
      { type: 'page_view', page: 'gallery', contentId: galleryId },
      { type: 'page_view', page: 'player', contentId: singleId },
      { type: 'item_view', contentId: galleryId, assetId: photoId },
      { type: 'like', contentId: galleryId, assetId: photoId },
      { type: 'share', channel: 'whatsapp', contentId: galleryId },
      ...[0, 10, 20, 30, 40].map((from) => ({
        type: 'heartbeat',
        contentId: galleryId,
        assetId: videoId,
        from,
        to: from + 10,
        reason: 'tick',
      })),
      { type: 'heartbeat', contentId: galleryId, assetId: videoId, from: 50, to: 59.5, reason: 'end' },
      { type: 'heartbeat', contentId: singleId, assetId: audioId, from: 0, to: 4, reason: 'pause' },
    ]
    const response = await fan.send({ company: companyId, events })
    expect(response.status).toBe(202)
    expect(response.json()).toEqual({ accepted: events.length, dropped: 0 })
    // What the server counts where it happens: a download, a lead, a comment.
    const visit = { origin: { ipAddress: '10.9.8.7', userAgent: BROWSER_UA }, cookies: new Map<string, string>() }
    await recordServerEvent(companyId, visit, {
      type: 'download',
      contentId: galleryId,
      assetId: photoId,
      kind: 'file',
    })
    await recordServerEvent(companyId, visit, { type: 'download', contentId: galleryId, assetId: null, kind: 'zip' })
    await recordServerEvent(companyId, visit, { type: 'lead', contentId: galleryId, eventId })
    await recordServerEvent(companyId, visit, { type: 'comment', contentId: singleId, eventId: null })
    await flushEvents()
    await waitForRawEvents(companyId, events.length + 4)
    await rollUpEvents(asPlatform('test'))
    await rollUpEvents(asPlatform('test')) // again: nothing is added twice

    const company = (figure: Parameters<typeof figureOf>[3]) => figureOf(companyId, 'company', '', figure)
    expect(await company('pageViews')).toBe(4)
    expect(await company('itemViews')).toBe(1)
    expect(await company('likes')).toBe(1)
    expect(await company('shares')).toBe(1)
    expect(await company('downloads')).toBe(1)
    expect(await company('zipDownloads')).toBe(1)
    expect(await company('leads')).toBe(1)
    expect(await company('comments')).toBe(1)
    expect(await company('watchedSeconds')).toBeCloseTo(63.5, 5)
    expect(await company('plays')).toBe(2)
    expect(await company('completions')).toBe(1)
    // The browser and the server-side visit are two visitors.
    expect(await company('visitors')).toBe(2)

    expect(await figureOf(companyId, 'item', galleryId, 'pageViews')).toBe(1)
    expect(await figureOf(companyId, 'item', galleryId, 'watchedSeconds')).toBeCloseTo(59.5, 5)
    expect(await figureOf(companyId, 'item', singleId, 'comments')).toBe(1)
    // The event gathers its page and its gallery's activity, not the single item outside it.
    expect(await figureOf(companyId, 'event', eventId, 'pageViews')).toBe(2)
    expect(await figureOf(companyId, 'event', eventId, 'likes')).toBe(1)
    expect(await figureOf(companyId, 'event', eventId, 'comments')).toBe(0)
    const heatmap = await withSystem(
      async (tx) =>
        (
          await tx.execute<{ bucket: number; plays: number }>(
            sql`select bucket, plays from analytics_playback_buckets where asset_id = ${videoId} order by bucket`,
          )
        ).rows,
    )
    expect(heatmap.map((row) => row.bucket)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    expect(heatmap.every((row) => row.plays === 1)).toBe(true)
  })

  it('accepts what sendBeacon sends (text/plain), refuses a malformed batch whole with a clear message', async () => {
    const body = JSON.stringify({ company: companyId, events: [{ type: 'page_view', page: 'landing' }] })
    const beacon = await fetch(`${inject('baseUrl')}/api/events`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': `${BROWSER_UA} beacon`,
        origin: inject('baseUrl'),
      },
      body,
    })
    expect(beacon.status).toBe(202)

    const fan = fanBrowser()
    const before = await rawEventCount(companyId)
    const notJson = await fan.client.request('/api/events', {
      method: 'POST',
      headers: { 'user-agent': BROWSER_UA, 'content-type': 'text/plain' },
      form: undefined,
      json: undefined,
    })
    expect(notJson.status).toBe(400)
    const malformed = await fan.send({
      company: companyId,
      events: [{ type: 'page_view', page: 'landing' }, { type: 'teleport' }],
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json().message).toBe('This batch of events is malformed.')
    expect(malformed.json().issues.length).toBeGreaterThan(0)
    const french = await fan.send({ company: companyId, events: [] }, { 'accept-language': 'fr' })
    expect(french.status).toBe(400)
    expect(french.json().message).toBe('Ce lot d’événements est mal formé.')
    const forged = await fan.send({
      company: companyId,
      events: [{ type: 'download', contentId: catalog.galleryId, kind: 'zip' }],
    })
    expect(forged.status).toBe(400)
    expect(forged.json().messageKey).toBe('analytics.errors.serverCounted')
    const tooMany = await fan.send({
      company: companyId,
      events: Array.from({ length: 101 }, () => ({ type: 'page_view', page: 'landing' })),
    })
    expect(tooMany.status).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await rawEventCount(companyId)).toBe(before + 1) // the beacon's view only
  })

  it("drops bots, headless browsers, another company's ids, drafts and unknown ids without touching the numbers", async () => {
    const { companyId: rivalId, catalog: theirs } = other
    const pageViewsBefore = await figureOf(rivalId, 'company', '', 'pageViews')
    const before = await rawEventCount(companyId)
    const view = { type: 'page_view', page: 'gallery', contentId: catalog.galleryId }
    for (const userAgent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      '',
    ]) {
      const bot = await fanBrowser(userAgent).send({ company: companyId, events: [view] })
      expect(bot.status).toBe(202)
      expect(bot.json().accepted).toBe(0)
    }
    expect((await fanBrowser().send({ company: companyId, webdriver: true, events: [view] })).json().accepted).toBe(0)

    const fan = fanBrowser()
    const crossed = await fan.send({
      company: companyId,
      events: [
        { type: 'page_view', page: 'gallery', contentId: theirs.galleryId },
        { type: 'item_view', contentId: catalog.galleryId, assetId: theirs.photoId },
        { type: 'like', contentId: catalog.draftId },
        { type: 'page_view', page: 'event', eventId: theirs.eventId },
        { type: 'share', channel: 'copy', contentId: '00000000-0000-4000-8000-000000000000' },
        { type: 'page_view', page: 'gallery' },
      ],
    })
    expect(crossed.status).toBe(202)
    expect(crossed.json()).toEqual({ accepted: 0, dropped: 6 })
    // Their ids under their own company name, sent from our... nothing: a company that does not exist.
    expect((await fan.send({ company: 'no-such-company', events: [view] })).json().accepted).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await rawEventCount(companyId)).toBe(before)
    await rollUpEvents(asPlatform('test'))
    expect(await figureOf(rivalId, 'company', '', 'pageViews')).toBe(pageViewsBefore)
  })

  it("counts a visitor's repeated view within 30 minutes once, and likes once per visitor however often tapped", async () => {
    const fan = fanBrowser(`${BROWSER_UA} repeat`)
    const { singleId, galleryId, photoId } = catalog
    const before = {
      views: await figureOf(companyId, 'item', singleId, 'pageViews'),
      likes: await figureOf(companyId, 'item', galleryId, 'likes'),
    }
    const raw = await rawEventCount(companyId)
    const view = { type: 'page_view', page: 'player', contentId: singleId }
    const like = { type: 'like', contentId: galleryId, assetId: photoId }
    expect((await fan.send({ company: companyId, events: [view, view, like, like] })).status).toBe(202)
    expect(
      (
        await fan.send({
          company: companyId,
          events: [view, like, { type: 'unlike', contentId: galleryId, assetId: photoId }, like],
        })
      ).status,
    ).toBe(202)
    await waitForRawEvents(companyId, raw + 8)
    await rollUpEvents(asPlatform('test'))
    expect(await figureOf(companyId, 'item', singleId, 'pageViews')).toBe(before.views + 1)
    expect(await figureOf(companyId, 'item', galleryId, 'likes')).toBe(before.likes + 1)
    // An unlike takes it back.
    expect(
      (await fan.send({ company: companyId, events: [{ type: 'unlike', contentId: galleryId, assetId: photoId }] }))
        .status,
    ).toBe(202)
    await waitForRawEvents(companyId, raw + 9)
    await rollUpEvents(asPlatform('test'))
    expect(await figureOf(companyId, 'item', galleryId, 'likes')).toBe(before.likes)
  })

  it('clips absurd heartbeats to the file and to what ten seconds of playing can cover', async () => {
    const fan = fanBrowser(`${BROWSER_UA} clip`)
    const { singleId, audioId } = catalog
    const before = await figureOf(companyId, 'item', singleId, 'watchedSeconds')
    const raw = await rawEventCount(companyId)
    const response = await fan.send({
      company: companyId,
      events: [
        { type: 'heartbeat', contentId: singleId, assetId: audioId, from: 0, to: 9_000_000 }, // hours in one beat: 25 s at most
        { type: 'heartbeat', contentId: singleId, assetId: audioId, from: 110, to: 500 }, // past the end of a 120 s file
        { type: 'heartbeat', contentId: singleId, assetId: audioId, from: 5_000, to: 9_000 }, // entirely past the end: nothing
        { type: 'heartbeat', contentId: singleId, assetId: audioId, from: 30, to: 20 }, // backwards: dropped
      ],
    })
    expect(response.json()).toEqual({ accepted: 3, dropped: 1 })
    const infinite = await fan.send({
      company: companyId,
      events: [{ type: 'heartbeat', contentId: singleId, assetId: audioId, from: 0, to: 1e12 }],
    })
    expect(infinite.status).toBe(400)
    await waitForRawEvents(companyId, raw + 3)
    await rollUpEvents(asPlatform('test'))
    expect(await figureOf(companyId, 'item', singleId, 'watchedSeconds')).toBeCloseTo(before + 25 + 10, 5)
  })

  it('refuses a flood from one visitor (429 with Retry-After) and counts nothing of the refused batches', async () => {
    const fan = fanBrowser(`${BROWSER_UA} flood`)
    const raw = await rawEventCount(companyId)
    const batch = {
      company: companyId,
      events: Array.from({ length: 100 }, () => ({ type: 'page_view', page: 'landing' })),
    }
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await fan.send(batch))
    const accepted = answers.filter((answer) => answer.status === 202).length
    expect(accepted).toBe(Math.floor(EVENT_BURST / 100))
    const refused = answers.find((answer) => answer.status === 429)!
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    await waitForRawEvents(companyId, raw + accepted * 100)
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(await rawEventCount(companyId)).toBe(raw + accepted * 100)
  })
})

describe('the roll-up of events into figures', () => {
  it('is scheduled by the app every minute, so the dashboard is at most a minute behind', async () => {
    const rows = await withSystem((tx) =>
      tx.execute(sql`select cron from pgboss.schedule where name = 'analytics.roll-up'`),
    )
    expect(rows.rows).toEqual([{ cron: '* * * * *' }])
  })
})
