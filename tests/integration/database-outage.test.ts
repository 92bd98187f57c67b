import { createHash, randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, comment, contentItem, formSubmission, lead, organization } from '#db/schema'
import { issueCommentFormToken } from '#app/features/galleries/comments/server/comment-form-token.server'
import { unsubscribeUrl } from '#app/features/marketing/server/newsletter-subscription.server'
import { withSystem } from '#app/lib/db.server'
import { getStorage } from '#app/lib/storage.server'
import { PreparingClient } from '#app/lib/prepared-statements.server'
import { BROWSER_UA, rawEventCount, waitForRawEvents } from '../support/analytics'
import { activateSubdomain, createCompanyAdmin, signIn } from '../support/fixtures'
import { TestClient, type HttpResponse } from '../support/http-client'
import { createLeadGatedDownload } from '../support/lead-gated-download'
import { makePhoto } from '../support/media-files'
import { startSecondApp } from '../support/second-app'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'
import { tusUpload } from '../support/tus'
import { waitUntil } from '../support/wait'

/** The test database reached through a proxy that can cut it off: its address and the proxy. */
async function databaseBehindProxy() {
  const database = new URL(inject('databaseUrl'))
  const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) })
  database.hostname = '127.0.0.1'
  database.port = String(proxy.port)
  return { proxy, url: database.toString() }
}

/*
 * PostgreSQL going away (a restart, a failover, an OOM kill) while a connection is checked out
 * must not end the process: the work under way fails, the pool drops that connection, and the
 * next query gets a new one. Without a listener on checked-out clients, pg's 'error' event is an
 * uncaught exception, which vitest reports as a failure of this file.
 */
describe('a database connection lost while in use', () => {
  let proxy: TcpProxy
  let pool: pg.Pool

  beforeAll(async () => {
    const database = await databaseBehindProxy()
    proxy = database.proxy
    pool = new pg.Pool({ Client: PreparingClient, connectionString: database.url, max: 2 })
    pool.on('error', () => undefined)
  })

  afterAll(async () => {
    await pool.end()
    await proxy.close()
  })

  it('fails the query under way, leaves the process up, and the pool answers again on a new connection', async () => {
    const client = await pool.connect()
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    const underWay = client.query('select pg_sleep(30)').then(
      () => null,
      (error: Error) => error,
    )
    proxy.severAll()
    expect(await underWay).toBeInstanceOf(Error)
    // No listener of this test's on the client: its 'error' event is the client's own to handle.
    expect(client.listenerCount('error')).toBeGreaterThan(0)
    client.release(true)
    expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }])
  })
})

describe('the app while its database is away (one app, its database behind a proxy)', () => {
  let proxy: TcpProxy
  let second: Awaited<ReturnType<typeof startSecondApp>>

  beforeAll(async () => {
    const database = await databaseBehindProxy()
    proxy = database.proxy
    second = await startSecondApp({ DATABASE_URL: database.url, PLATFORM_DOMAIN: 'afterglow.test' })
  }, 120_000)

  afterAll(async () => {
    await second?.app.stop('SIGTERM')
    await proxy?.close()
  })

  it("serves the pages fans already had, answers 503 with Retry-After in the fan's language for the others, stays up, and serves again once the database is back", async () => {
    const admin = await createCompanyAdmin('outage')
    const fan = new TestClient(second.url)
    expect((await fan.get(`/${admin.company.slug}`)).status).toBe(200)
    // Fans on the company's own subdomain: which company a host is needs the database too.
    await activateSubdomain(admin.company)
    const ownHost = { host: `${admin.company.slug}.afterglow.test` }
    await waitUntil(async () => (await fan.get('/', ownHost)).status === 200)
    const member = new TestClient(second.url)
    await signIn(member, admin.credentials)
    expect((await member.get('/admin/events')).status).toBe(200)

    proxy.pause()
    // A member's page: the session cannot be read (the sign-in system's own 500 said nothing of why).
    const memberAway = await member.get('/admin/events')
    expect(memberAway.status).toBe(503)
    expect(memberAway.headers['retry-after']).toBe('5')
    expect(memberAway.text).toContain('We’ll be right back')
    // The page fans already had: served as it was kept, while nothing can say whether it changed.
    const kept = await fan.get(`/${admin.company.slug}`)
    expect(kept.status).toBe(200)
    expect(kept.headers['x-afterglow-cache']).toBe('stale-if-error')
    expect(kept.text).toContain(admin.company.name)
    // The same on its subdomain: the host's company, as last known, stands while it cannot be asked.
    const keptOnOwnHost = await fan.get('/', ownHost)
    expect(keptOnOwnHost.status).toBe(200)
    expect(keptOnOwnHost.headers['x-afterglow-cache']).toBe('stale-if-error')
    // A page not kept yet: it needs the database.
    const away = await fan.get(`/${admin.company.slug}?type=videos`, { 'accept-language': 'fr' })
    expect(away.status).toBe(503)
    expect(away.headers['retry-after']).toBe('5')
    expect(away.text).toContain('Nous revenons tout de suite')
    expect(second.app.child.exitCode).toBeNull()

    proxy.resume()
    await expect
      .poll(async () => (await fan.get(`/${admin.company.slug}?type=videos`)).status, { timeout: 15_000 })
      .toBe(200)
    expect(second.app.child.exitCode).toBeNull()
  })
  it('keeps the events it acknowledged in memory and writes every one once the database is back', async () => {
    const admin = await createCompanyAdmin('outage-stats')
    const companyId = admin.company.id
    const fan = new TestClient(second.url)
    const send = (count: number) =>
      fan.postJson(
        '/api/events',
        { company: companyId, events: Array.from({ length: count }, () => ({ type: 'page_view', page: 'landing' })) },
        { 'user-agent': BROWSER_UA },
      )
    expect((await send(1)).status).toBe(202)
    await waitForRawEvents(companyId, 1)

    proxy.pause()
    for (let batch = 0; batch < 3; batch++) {
      const answer = await send(5)
      expect(answer.status).toBe(202)
      expect(answer.json()).toEqual({ accepted: 5, dropped: 0 })
    }
    expect(await rawEventCount(companyId)).toBe(1)

    proxy.resume()
    expect(await waitForRawEvents(companyId, 16)).toBe(16)
    expect(second.app.child.exitCode).toBeNull()
  })

  it('loses no lead, comment, message, upload or event it acknowledged while the database restarts under traffic, and answers the rest 503', async () => {
    const admin = await createCompanyAdmin('outage-traffic')
    const companyId = admin.company.id
    const download = await createLeadGatedDownload(admin.company)
    const member = new TestClient(second.url)
    await signIn(member, admin.credentials)
    const photo = await makePhoto(64, 48, '#0ea5e9')

    const acknowledged = {
      leads: [] as string[],
      comments: [] as string[],
      messages: [] as string[],
      uploads: [] as string[],
      events: 0,
    }
    const refused: number[] = []
    const unexpected: string[] = []
    /** Takes an answer: an acknowledgement, a 503 while the database is away, or anything else (a failure). */
    const outcome = (what: string, response: HttpResponse, acknowledges: (r: HttpResponse) => boolean) => {
      if (acknowledges(response)) return true
      if (response.status === 503 && response.headers['retry-after']) refused.push(response.status)
      else unexpected.push(`${what}: ${response.status} ${response.text.slice(0, 200)}`)
      return false
    }

    let stopping = false
    const fanLoop = async (fanIndex: number) => {
      const fan = new TestClient(second.url)
      for (let round = 0; !stopping; round++) {
        const who = `fan${fanIndex}-${round}`
        const form = download.leadForm(who)
        if (outcome('lead', await fan.postForm(download.formPath, form), (r) => r.status === 303))
          acknowledged.leads.push(form.email)
        const body = `Encore ${who}!`
        const commented = await fan.postForm(download.page, {
          intent: 'comment',
          contentId: download.galleryId,
          name: 'Ana',
          email: '',
          body,
          startedAt: issueCommentFormToken(Date.now() - 20_000),
          website: '',
        })
        if (outcome('comment', commented, (r) => r.status === 200 && r.text.includes('awaiting approval')))
          acknowledged.comments.push(body)
        // A visitor of the marketing site writes to the platform (each from an address of their own).
        const message = {
          kind: 'contact',
          name: 'Rita',
          email: `rita-${who}-${companyId.slice(0, 8)}@fans.test`.toLowerCase(),
        }
        const wrote = await new TestClient(second.url).postForm('/?index', { ...message, message: 'Can we talk?' })
        if (outcome('contact', wrote, (r) => r.status === 200)) acknowledged.messages.push(message.email)
        const sent = await fan.postJson(
          '/api/events',
          { company: companyId, events: [{ type: 'page_view', page: 'landing' }] },
          { 'user-agent': `${BROWSER_UA} Fan/${fanIndex}` },
        )
        if (outcome('events', sent, (r) => r.status === 202))
          acknowledged.events += sent.json<{ accepted: number }>().accepted
      }
    }
    const uploadLoop = async () => {
      for (let round = 0; !stopping; round++) {
        const result = await tusUpload(member, photo, {
          filename: `encore-${round}.jpg`,
          purpose: 'gallery-media',
          contentItemId: download.galleryId,
        })
        if (result.ok && result.assetId) acknowledged.uploads.push(result.assetId)
        else if (!result.ok && result.status === 503) refused.push(503)
        else if (!result.ok) unexpected.push(`upload: ${result.status} ${result.body.slice(0, 200)}`)
      }
    }
    const traffic = Promise.all([fanLoop(0), fanLoop(1), fanLoop(2), uploadLoop()])

    // Traffic flows, then the database restarts: every connection cut, new ones refused, then back.
    await waitUntil(() => acknowledged.leads.length >= 3 && acknowledged.uploads.length >= 1, { timeoutMs: 30_000 })
    const before = { ...acknowledged, leads: acknowledged.leads.length }
    proxy.severAll()
    proxy.pause()
    await waitUntil(() => refused.length >= 6, { timeoutMs: 30_000, message: 'nothing was refused while away' })
    proxy.resume()
    await waitUntil(() => acknowledged.leads.length >= before.leads + 3 && acknowledged.uploads.length >= 2, {
      timeoutMs: 30_000,
      message: 'the traffic did not recover',
    })
    stopping = true
    await traffic

    expect(unexpected).toEqual([])
    expect(second.app.child.exitCode).toBeNull()
    // Everything acknowledged is kept (a write the database committed as the connection went may
    // have been answered 503: a fan who sends it again finds it there, so more may be stored).
    const storedLeads = await withSystem((tx) =>
      tx.select({ email: lead.email }).from(lead).where(eq(lead.companyId, companyId)),
    )
    expect(storedLeads.map((row) => row.email)).toEqual(expect.arrayContaining(acknowledged.leads))
    const storedComments = await withSystem((tx) =>
      tx.select({ body: comment.body }).from(comment).where(eq(comment.contentItemId, download.galleryId)),
    )
    expect(storedComments.map((row) => row.body)).toEqual(expect.arrayContaining(acknowledged.comments))
    const storedMessages = await withSystem((tx) =>
      tx
        .select({ email: formSubmission.email })
        .from(formSubmission)
        .where(inArray(formSubmission.email, acknowledged.messages)),
    )
    expect(storedMessages.map((row) => row.email).sort()).toEqual([...acknowledged.messages].sort())
    const storedUploads = await withSystem((tx) =>
      tx
        .select({ id: asset.id, storageKey: asset.storageKey })
        .from(asset)
        .where(inArray(asset.id, acknowledged.uploads)),
    )
    expect(storedUploads.map((row) => row.id).sort()).toEqual([...acknowledged.uploads].sort())
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
    for (const row of storedUploads) {
      const bytes = Buffer.concat(await (await getStorage().read(row.storageKey)).toArray())
      expect(digest(bytes)).toBe(digest(photo))
    }
    expect(await waitForRawEvents(companyId, acknowledged.events)).toBeGreaterThanOrEqual(acknowledged.events)
  })

  it("answers a protected gallery's password, a newsletter unsubscribe and a member's activity ping 503 while the database is away, changes nothing, and does each once it is back", async () => {
    const admin = await createCompanyAdmin('outage-doors')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const slug = `g-${randomBytes(3).toString('hex')}`
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Night Door', slug, status: 'published' })
        .returning({ id: contentItem.id }),
    )
    const protectedNow = await admin.client.postForm(`/admin/content/${gallery.id}/protection`, {
      downloadMode: 'originals',
      password: 'moonlight',
    })
    expect(protectedNow.status).toBe(200)
    const door = `/${admin.company.slug}/galeria/${slug}/acesso`
    const fan = new TestClient(second.url)
    expect((await fan.get(door)).status).toBe(200)
    const email = `outage-${randomBytes(3).toString('hex')}@fans.test`
    expect((await new TestClient(second.url).postForm('/?index', { kind: 'newsletter', email })).status).toBe(200)
    const unsubscribe = new URL(unsubscribeUrl(email), second.url)
    const newsletterRows = () =>
      withSystem((tx) =>
        tx.select({ id: formSubmission.id }).from(formSubmission).where(eq(formSubmission.email, email)),
      )
    expect(await newsletterRows()).toHaveLength(1)
    const member = new TestClient(second.url)
    await signIn(member, admin.credentials)
    expect((await member.postJson('/api/session/activity', {})).status).toBe(200)

    proxy.pause()
    const unavailable = (answer: HttpResponse) => {
      expect(answer.status).toBe(503)
      expect(answer.headers['retry-after']).toBe('5')
    }
    const password = await fan.postForm(door, { password: 'moonlight' }, { 'accept-language': 'pt-BR' })
    unavailable(password)
    expect(password.text).toContain('Já voltamos')
    expect(String(password.headers['set-cookie'] ?? '')).not.toMatch(/ag_gallery_/)
    unavailable(await fan.postForm(unsubscribe.pathname, Object.fromEntries(unsubscribe.searchParams)))
    unavailable(await member.postJson('/api/session/activity', {}))
    expect(second.app.child.exitCode).toBeNull()

    proxy.resume()
    expect(await newsletterRows()).toHaveLength(1)
    await waitUntil(async () => (await member.postJson('/api/session/activity', {})).status === 200)
    const opened = await fan.postForm(door, { password: 'moonlight' })
    expect(opened.status).toBe(303)
    expect(String(opened.headers['set-cookie'])).toMatch(/ag_gallery_[0-9a-f]{16}=/)
    const done = await fan.postForm(unsubscribe.pathname, Object.fromEntries(unsubscribe.searchParams))
    expect(done.status).toBe(200)
    expect(await newsletterRows()).toHaveLength(0)
  })
})
