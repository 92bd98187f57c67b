import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { analyticsDailyShare, organization } from '#db/schema'
import { SHARE_CHANNELS } from '#app/features/analytics/analytics-events'
import { withSystem } from '#app/lib/db.server'
import { bufferEvents, flushEvents } from '#app/features/analytics/server/event-buffer.server'
import { recordServerEvent } from '#app/features/analytics/server/record-server-event.server'
import { rollUpEvents } from '#app/features/analytics/server/roll-up-events.server'
import { asPlatform } from '#app/access/tenant.server'
import { lastDays, previousPeriod } from '#app/features/analytics/analytics-range'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { BROWSER_UA, dailyRows, fanBrowser, publishedCatalog, waitForRawEvents } from '../support/analytics'
import { TestClient } from '../support/http-client'

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>
type Catalog = Awaited<ReturnType<typeof publishedCatalog>>

async function setPlan(admin: Admin, plan: string) {
  await withSystem((tx) =>
    tx.update(organization).set({ plan, planValidUntil: null }).where(eq(organization.id, admin.company.id)),
  )
}

/** What fans did: sent through POST /api/events, plus what the server records itself. */
async function fanActivity(companyId: string, catalog: Catalog, ip: string) {
  const { galleryId, singleId, eventId, photoId, videoId } = catalog
  const events = [
    { type: 'page_view', page: 'landing' },
    { type: 'page_view', page: 'event', eventId },
    { type: 'page_view', page: 'gallery', contentId: galleryId },
    { type: 'page_view', page: 'player', contentId: singleId },
    { type: 'item_view', contentId: galleryId, assetId: photoId },
    { type: 'like', contentId: galleryId, assetId: photoId },
    { type: 'share', channel: 'whatsapp', contentId: galleryId },
    { type: 'share', channel: 'copy', contentId: galleryId },
    ...[0, 10, 20].map((from) => ({
      type: 'heartbeat',
      contentId: galleryId,
      assetId: videoId,
      from,
      to: from + 10,
      reason: 'tick',
    })),
    { type: 'heartbeat', contentId: galleryId, assetId: videoId, from: 10, to: 20, reason: 'seek' }, // re-watched
  ]
  const response = await fanBrowser().send({ company: companyId, events })
  expect(response.status).toBe(202)
  const visit = { origin: { ipAddress: ip, userAgent: BROWSER_UA }, cookies: new Map<string, string>() }
  await recordServerEvent(companyId, visit, { type: 'download', contentId: galleryId, assetId: photoId, kind: 'file' })
  await recordServerEvent(companyId, visit, { type: 'download', contentId: galleryId, assetId: null, kind: 'zip' })
  await recordServerEvent(companyId, visit, { type: 'lead', contentId: galleryId, eventId })
  await recordServerEvent(companyId, visit, { type: 'comment', contentId: singleId, eventId: null })
  return events.length + 4
}

/** The sum of the rollups' figures of a scope's subject over a range of days. */
async function rolledUp(companyId: string, scope: string, subject: string, range: { from: string; to: string }) {
  const rows = (await dailyRows(companyId)).filter(
    (row) => row.scope === scope && row.subject === subject && row.day >= range.from && row.day <= range.to,
  )
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0)
  return {
    views: sum((row) => row.pageViews + row.itemViews),
    visitors: sum((row) => row.visitors),
    likes: sum((row) => row.likes),
    shares: sum((row) => row.shares),
    downloads: sum((row) => row.downloads + row.zipDownloads),
    comments: sum((row) => row.comments),
    watchedSeconds: sum((row) => row.watchedSeconds),
    leads: sum((row) => row.leads),
    plays: sum((row) => row.plays),
    completions: sum((row) => row.completions),
  }
}

/** The headline card values of the analytics page, by figure. */
function cards(html: string) {
  return Object.fromEntries(
    [...html.matchAll(/data-testid="figure-(?!value|change)(\w+)".*?data-testid="figure-value">([^<]*)</g)].map(
      (match) => [match[1], match[2]],
    ),
  )
}

function csvLines(text: string) {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
}

describe('the admin analytics', () => {
  let owner: Admin
  let rival: Admin
  let catalog: Catalog
  let rivalCatalog: Catalog
  const week = lastDays(7)

  beforeAll(async () => {
    owner = await createCompanyAdmin('insights')
    rival = await createCompanyAdmin('insights-rival')
    await setPlan(owner, 'professional')
    await setPlan(rival, 'professional')
    catalog = await publishedCatalog(owner.company.id)
    rivalCatalog = await publishedCatalog(rival.company.id)
    const written = await fanActivity(owner.company.id, catalog, '10.20.0.1')
    const rivalWritten = await fanActivity(rival.company.id, rivalCatalog, '10.20.0.2')
    // The week before: one page view, for the change against the previous period.
    const before = new Date(Date.parse(previousPeriod(week).from) + 3_600_000)
    bufferEvents([
      {
        companyId: owner.company.id,
        occurredAt: before,
        type: 'page_view',
        visitor: 'd:earlier',
        contentItemId: null,
        assetId: null,
        eventId: null,
        detail: 'landing',
        fromSeconds: null,
        toSeconds: null,
        durationSeconds: null,
      },
    ])
    await flushEvents()
    await waitForRawEvents(owner.company.id, written + 1)
    await waitForRawEvents(rival.company.id, rivalWritten)
    await rollUpEvents(asPlatform('test'))
  })

  it('shows the totals of the range equal to the rollups, with the change against the week before', async () => {
    const expected = await rolledUp(owner.company.id, 'company', '', week)
    const earlier = await rolledUp(owner.company.id, 'company', '', previousPeriod(week))
    expect(expected.views).toBe(5)
    expect(earlier.views).toBe(1)
    const response = await owner.client.get('/admin/analytics?range=7')
    expect(response.status).toBe(200)
    expect(cards(response.text)).toEqual({
      views: String(expected.views),
      visitors: String(expected.visitors),
      likes: String(expected.likes),
      shares: String(expected.shares),
      downloads: String(expected.downloads),
      comments: String(expected.comments),
      watchedMinutes: String(Math.round((expected.watchedSeconds / 60) * 10) / 10),
      leads: String(expected.leads),
    })
    expect(response.text).toContain('+400% vs previous')
    // The detail: the chart, both tables and the video's row, whose heatmap opens on demand.
    expect(response.text).toContain('data-testid="engagement-chart"')
    expect(response.text).toContain('data-testid="by-content"')
    expect(response.text).toContain('data-testid="by-event"')
    expect(response.text).toContain('data-testid="heatmap-toggle"')
    expect(response.text).not.toContain('data-testid="analytics-upgrade"')
  })

  it('exports each table as CSV whose rows are the rollups', async () => {
    const gallery = await rolledUp(owner.company.id, 'item', catalog.galleryId, week)
    const show = await rolledUp(owner.company.id, 'event', catalog.eventId, week)
    const byContent = await owner.client.get('/admin/analytics/export.csv?by=content&range=7')
    expect(byContent.status).toBe(200)
    expect(byContent.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(byContent.text.startsWith('\uFEFF')).toBe(true)
    const lines = csvLines(byContent.text)
    expect(lines[0]).toBe(
      'Title,id,Views,Unique visitors,Likes,Shares,Downloads,Comments,Watched minutes,Completion rate,Leads,' +
        'Shares: Phone share sheet,Shares: Copy link,Shares: WhatsApp,Shares: Facebook,Shares: X,Shares: E-mail,Shares: QR code',
    )
    const completion = (figures: { plays: number; completions: number }) =>
      figures.plays > 0 ? String(Math.round((figures.completions / figures.plays) * 10_000) / 10_000) : ''
    // Each channel's shares of a subject, in the CSV's channel order, from the rollups.
    const channels = async (scope: string, subject: string) => {
      const rows = await withSystem((tx) =>
        tx
          .select()
          .from(analyticsDailyShare)
          .where(
            and(
              eq(analyticsDailyShare.companyId, owner.company.id),
              eq(analyticsDailyShare.scope, scope),
              eq(analyticsDailyShare.subject, subject),
            ),
          ),
      )
      return SHARE_CHANNELS.map((channel) =>
        rows.filter((row) => row.channel === channel).reduce((sum, row) => sum + row.shares, 0),
      )
    }
    const row = async (title: string, id: string, scope: string, f: Awaited<ReturnType<typeof rolledUp>>) =>
      [
        title,
        id,
        f.views,
        f.visitors,
        f.likes,
        f.shares,
        f.downloads,
        f.comments,
        Math.round((f.watchedSeconds / 60) * 10) / 10,
        completion(f),
        f.leads,
        ...(await channels(scope, id)),
      ].join(',')
    expect(lines).toContain(await row('Encore', catalog.galleryId, 'item', gallery))
    expect(lines).toContain(
      await row(
        'Live take',
        catalog.singleId,
        'item',
        await rolledUp(owner.company.id, 'item', catalog.singleId, week),
      ),
    )
    expect(lines).toHaveLength(3)
    expect(gallery).toMatchObject({ likes: 1, shares: 2, downloads: 2, leads: 1, watchedSeconds: 40 })
    expect(await channels('item', catalog.galleryId)).toEqual([0, 1, 1, 0, 0, 0, 0])

    const byEvent = csvLines(
      (await owner.client.get(`/admin/analytics/export.csv?by=event&from=${week.from}&to=${week.to}`)).text,
    )
    expect(byEvent).toEqual([lines[0], await row('Closing night', catalog.eventId, 'event', show)])

    const byVideo = csvLines((await owner.client.get('/admin/analytics/export.csv?by=video&range=7')).text)
    expect(byVideo[0]).toBe('Title,id,Watched minutes,Plays,Average watched,Completion rate,File,file id')
    // 40 s watched over one play of a 60 s video, the gallery's only played file.
    expect(byVideo.slice(1)).toEqual([
      `Encore,${catalog.galleryId},0.7,1,${Math.round((40 / 60) * 10_000) / 10_000},0,video.bin,${catalog.videoId}`,
    ])

    const bad = await owner.client.get('/admin/analytics/export.csv?by=leads')
    expect(bad.status).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'analytics.admin.errors.table' })
  })

  it('shows the funnel, the shares by channel and the top items of the range', async () => {
    const response = await owner.client.get('/admin/analytics?range=7')
    const funnel = await withSystem(
      async (tx) =>
        (
          await tx.execute<
            Record<string, number>
          >(sql`select sum(viewers)::int as view, sum(lead_visitors)::int as lead, sum(download_visitors)::int as download, sum(share_visitors)::int as share
        from analytics_daily where company_id = ${owner.company.id} and scope = 'company' and day between ${week.from} and ${week.to}`)
        ).rows[0],
    )
    // One fan's browser viewed and shared; the server saw the download and the lead.
    expect(funnel.view).toBe(1)
    expect(funnel.share).toBe(1)
    expect(funnel.lead).toBe(1)
    expect(funnel.download).toBe(1)
    for (const step of ['view', 'lead', 'download', 'share']) {
      expect(response.text).toMatch(
        new RegExp(`data-testid="funnel-${step}".*?data-testid="funnel-value">${funnel[step]}<`),
      )
    }
    expect(response.text).toContain('100% of viewers')
    expect(response.text).toMatch(/data-testid="channel-whatsapp".*?>WhatsApp<.*?>1</)
    expect(response.text).toMatch(/data-testid="channel-copy".*?>Copy link<.*?>1</)
    // The gallery's row names its channels under its shares.
    expect(response.text).toMatch(
      /data-testid="share-channels-of-row">(WhatsApp 1 · Copy link 1|Copy link 1 · WhatsApp 1)</,
    )
    expect(response.text).toMatch(/data-testid="top-views".*?Encore/)
    expect(response.text).toMatch(/data-testid="top-likes".*?Encore.*?>1</)
  })

  it('shows one item’s or event’s funnel and shares when its row is chosen, and refuses a malformed or foreign choice in the user’s words', async () => {
    const stepsOf = async (scope: string, subject: string) =>
      withSystem(
        async (tx) =>
          (
            await tx.execute<
              Record<string, number>
            >(sql`select sum(viewers)::int as view, sum(lead_visitors)::int as lead, sum(download_visitors)::int as download, sum(share_visitors)::int as share
          from analytics_daily where company_id = ${owner.company.id} and scope = ${scope} and subject = ${subject} and day between ${week.from} and ${week.to}`)
          ).rows[0],
      )
    const company = await owner.client.get('/admin/analytics?range=7')
    // Each row's title links to its funnel, keeping the range.
    expect(company.text).toContain(`href="/admin/analytics?range=7&amp;funnel=item:${catalog.galleryId}#funnel"`)
    expect(company.text).toContain(`href="/admin/analytics?range=7&amp;funnel=event:${catalog.eventId}#funnel"`)
    const gallery = await owner.client.get(`/admin/analytics?range=7&funnel=item:${catalog.galleryId}`)
    expect(gallery.status).toBe(200)
    expect(gallery.text).toContain('data-testid="funnel-subject">Content: Encore<')
    const steps = await stepsOf('item', catalog.galleryId)
    expect(steps).toEqual({ view: 1, lead: 1, download: 1, share: 1 })
    for (const step of ['view', 'lead', 'download', 'share'])
      expect(gallery.text).toMatch(
        new RegExp(`data-testid="funnel-${step}".*?data-testid="funnel-value">${steps[step]}<`),
      )
    expect(gallery.text).toMatch(/data-testid="channel-whatsapp".*?>1</)
    expect(gallery.text).toContain(`<option value="item:${catalog.galleryId}" selected="">Encore</option>`)
    // The single audio item was played and commented on, never shared or downloaded.
    const single = await owner.client.get(`/admin/analytics?range=7&funnel=item:${catalog.singleId}`)
    expect(await stepsOf('item', catalog.singleId)).toMatchObject({ download: 0, share: 0 })
    expect(single.text).toMatch(/data-testid="funnel-download".*?data-testid="funnel-value">0</)
    expect(single.text).toContain('No shares in this range.')
    const show = await owner.client.get(`/admin/analytics?range=7&funnel=event:${catalog.eventId}`)
    expect(show.text).toContain('data-testid="funnel-subject">Event: Closing night<')
    expect(show.text).toMatch(
      new RegExp(
        `data-testid="funnel-view".*?data-testid="funnel-value">${(await stepsOf('event', catalog.eventId)).view}<`,
      ),
    )
    const malformed = await owner.client.get('/admin/analytics?range=7&funnel=gallery:nope')
    expect(malformed.status).toBe(400)
    expect(malformed.text).toContain('Choose whose funnel to show: an event or an item of this company.')
    const foreign = await owner.client.get(`/admin/analytics?range=7&funnel=event:${rivalCatalog.eventId}`)
    expect(foreign.status).toBe(404)
    expect(foreign.text).toContain('This event or item does not exist in your company.')
    expect(foreign.text).not.toContain('Closing night')
  })

  it('reads one item’s heatmaps when its row is opened, only the company’s own, on Professional', async () => {
    // As the page's fetcher asks: this route's loader only (the strips themselves: analytics-storage.test.ts).
    const only = '&_routes=routes%2Fadmin%2Fanalytics.heatmap'
    const response = await owner.client.get(`/admin/analytics/heatmap.data?item=${catalog.galleryId}&range=7${only}`)
    expect(response.status).toBe(200)
    expect(response.text).toContain(catalog.videoId)
    expect(response.text).toContain('"video.bin"')
    const foreign = await owner.client.get(
      `/admin/analytics/heatmap.data?item=${rivalCatalog.galleryId}&range=7${only}`,
    )
    expect(foreign.status).toBe(200)
    expect(foreign.text).not.toContain(rivalCatalog.videoId)
    expect((await owner.client.get(`/admin/analytics/heatmap.data?item=nope&range=7${only}`)).status).toBe(400)
    await setPlan(owner, 'starter')
    try {
      expect(
        (await owner.client.get(`/admin/analytics/heatmap.data?item=${catalog.galleryId}&range=7${only}`)).status,
      ).toBe(402)
    } finally {
      await setPlan(owner, 'professional')
    }
  })

  it('never shows another company’s figures', async () => {
    const page = await owner.client.get('/admin/analytics?range=7')
    const csv = (await owner.client.get('/admin/analytics/export.csv?by=content&range=7')).text
    for (const id of [rivalCatalog.galleryId, rivalCatalog.singleId, rivalCatalog.eventId]) {
      expect(page.text).not.toContain(id)
      expect(csv).not.toContain(id)
    }
    // The rival sees only its own: no page view from the week before.
    const theirs = await rival.client.get('/admin/analytics?range=7')
    expect(cards(theirs.text).views).toBe(String((await rolledUp(rival.company.id, 'company', '', week)).views))
    expect(theirs.text).not.toContain(catalog.galleryId)
    // Signed out: nothing, back to sign-in.
    const anonymous = await new TestClient().get('/admin/analytics/export.csv?by=content')
    expect(anonymous.status).toBe(302)
  })

  it('gives Starter the totals only, and refuses the detail and the CSV on the server', async () => {
    await setPlan(owner, 'starter')
    try {
      const page = await owner.client.get('/admin/analytics?range=7')
      expect(page.status).toBe(200)
      expect(cards(page.text).views).toBe('5')
      expect(page.text).toContain('data-testid="analytics-upgrade"')
      expect(page.text).toContain('href="/admin/subscription"')
      expect(page.text).not.toContain('data-testid="by-content"')
      expect(page.text).not.toContain(catalog.galleryId)
      const csv = await owner.client.get('/admin/analytics/export.csv?by=content&range=7')
      expect(csv.status).toBe(402)
      expect(csv.text).not.toContain(catalog.galleryId)
    } finally {
      await setPlan(owner, 'professional')
    }
  })

  it('refuses a reversed custom range with a clear message', async () => {
    const response = await owner.client.get('/admin/analytics?range=custom&from=2026-05-10&to=2026-05-01')
    expect(response.status).toBe(400)
    expect(response.text).toContain('Choose a range of at most 366 days')
  })

  it('lets every role of the company read it', async () => {
    const member = await createMemberWithRole(owner.company.id, 'user')
    const response = await member.get('/admin/analytics?range=7')
    expect(response.status).toBe(200)
    expect(cards(response.text).views).toBe('5')
  })

  it('puts the last 30 days of engagement on the dashboard, with the change, on every plan', async () => {
    const month = lastDays(30)
    const expected = await rolledUp(owner.company.id, 'company', '', month)
    await setPlan(owner, 'starter')
    try {
      const response = await owner.client.get('/admin')
      expect(response.status).toBe(200)
      const shown = Object.fromEntries(
        [...response.text.matchAll(/data-testid="engagement-(\w+)".*?data-testid="figure-value">([^<]*)</g)].map(
          (match) => [match[1], match[2]],
        ),
      )
      expect(shown).toEqual({
        views: String(expected.views),
        likes: String(expected.likes),
        shares: String(expected.shares),
        comments: String(expected.comments),
        watchedMinutes: String(Math.round((expected.watchedSeconds / 60) * 10) / 10),
      })
      expect(shown.views).toBe('6') // this week's 5 and the one of the week before
      // Nothing in the 30 days before: new, not a made-up percentage.
      expect(response.text).toContain('>new<')
      // The spec's totals stay beside them.
      expect(response.text).toContain('data-testid="total-leads"')
    } finally {
      await setPlan(owner, 'professional')
    }
  })
})
