import { randomBytes } from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiKey, auditEvent, comment, contentItem, formSubmission, lead, organization } from '#db/schema'
import { COMMENT_RATE_LIMIT } from '#app/features/galleries/comments/server/comment-rate-limit.server'
import { issueCommentFormToken } from '#app/features/galleries/comments/server/comment-form-token.server'
import { UNLOCK_ATTEMPTS } from '#app/features/galleries/protection/protection'
import { LIVE_FOLLOW_RATE_LIMIT } from '#app/features/galleries/live/server/live-follow-rate-limit.server'
import { LEAD_CAPTURE_RATE_LIMIT } from '#app/features/leads/server/lead-capture-rate-limit.server'
import { MARKETING_FORM_RATE_LIMIT } from '#app/features/marketing/server/marketing-form-rate-limit.server'
import { MAX_EVENTS_PER_BATCH } from '#app/features/analytics/analytics-events'
import { EVENT_BURST } from '#app/features/analytics/server/event-allowance.server'
import { withSystem } from '#app/lib/db.server'
import { escapeHtml } from '#app/lib/escape-html'
import type { Language } from '#app/lib/i18n'
import { getFixedT } from '#app/lib/i18n.server'
import { BROWSER_UA, fanBrowser } from '../support/analytics'
import { apiRequest, createKeyThroughPage, putOnPlan } from '../support/api'
import { createCompanyAdmin } from '../support/fixtures'
import { storedVideo } from '../support/lead-gated-download'
import { TestClient, type HttpResponse } from '../support/http-client'

/*
 * Issue 43, item 4: every rate limit, once it refused an address, refuses that address's next
 * attempts before their body is read or their page rendered: a small fixed answer with
 * Retry-After in the visitor's language. Each refusal below is sent with something the route
 * would have answered otherwise (a gallery that does not exist, a malformed body, the right
 * password), so a 429 shows the route never looked.
 */

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

/** A refusal the server answered itself: a few hundred bytes, never a page. */
const SMALL = 1500

function minutesOf(response: HttpResponse) {
  return Math.max(1, Math.ceil(Number(response.headers['retry-after']) / 60))
}

/** The refusal's text as the visitor's language says it, with the wait the answer gives. */
function refusalText(language: Language, key: string, response: HttpResponse) {
  const retryAfterSeconds = Number(response.headers['retry-after'])
  return getFixedT(language)(key, { minutes: minutesOf(response), retryAfterSeconds })
}

function expectFixedPage(response: HttpResponse, language: Language, key: string) {
  expect(response.status).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
  expect(response.headers['content-type']).toMatch(/^text\/html/)
  expect(response.headers['content-language']).toBe(language)
  expect(Buffer.byteLength(response.text)).toBeLessThan(SMALL)
  expect(response.text).toContain(`<html lang="${language}">`)
  expect(response.text).toContain(escapeHtml(refusalText(language, key, response)))
}

function expectProblem(response: HttpResponse, language: Language, key: string, path: string) {
  expect(response.status).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
  expect(response.headers['content-type']).toBe('application/problem+json')
  expect(Buffer.byteLength(response.text)).toBeLessThan(SMALL)
  expect(response.json()).toMatchObject({
    status: 429,
    code: 'RATE_LIMITED',
    instance: path,
    detail: refusalText(language, key, response),
    retryAfterSeconds: Number(response.headers['retry-after']),
  })
}

async function publishedGallery(admin: Admin, values: Partial<typeof contentItem.$inferInsert> = {}) {
  const [item] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        slug: `g-${randomBytes(3).toString('hex')}`,
        title: 'Flooded night',
        status: 'published',
        publishedAt: new Date(),
        ...values,
      })
      .returning(),
  )
  return item
}

const fanIn = (language: Language) => {
  const fan = new TestClient()
  fan.setCookie('lang', language)
  return fan
}

describe('refusals are cheap', () => {
  it('the lead form: refused unread, in the fan’s language, and nothing is stored', async () => {
    const admin = await createCompanyAdmin('cheap-lead')
    const gallery = await publishedGallery(admin, { requireLead: true })
    const fileId = await storedVideo(admin.company.id, gallery.id)
    const next = `/download/file/${fileId}`
    const fan = fanIn('es')
    const form = (i: number) => ({
      next,
      fullName: `Fan ${i}`,
      email: `fan${i}-${randomBytes(3).toString('hex')}@flood.test`,
      privacyAccepted: 'on',
      dataProcessingConsent: 'on',
    })
    const formPath = `/download/lead?next=${encodeURIComponent(next)}`
    for (let i = 0; i < LEAD_CAPTURE_RATE_LIMIT.max; i++)
      expect((await fan.postForm(formPath, form(i))).status).toBe(303)
    expect((await fan.postForm(formPath, form(99))).status).toBe(429)
    // A download that does not exist would be 404 once looked up: refused before that.
    const unread = await fan.postForm(`/download/lead?next=${encodeURIComponent('/download/file/nope')}`, {
      next: '/download/file/nope',
    })
    expectFixedPage(unread, 'es', 'downloads.errors.tooMany')
    const stored = await withSystem((tx) =>
      tx.select({ id: lead.id }).from(lead).where(eq(lead.companyId, admin.company.id)),
    )
    expect(stored).toHaveLength(LEAD_CAPTURE_RATE_LIMIT.max)
  })

  it('fans’ comments: the page and the script refused unread, while the same address’s views still count', async () => {
    const admin = await createCompanyAdmin('cheap-comments')
    const gallery = await publishedGallery(admin)
    const page = `/${admin.company.slug}/galeria/${gallery.slug}`
    const fan = fanIn('pt')
    const send = (path: string, body: string) =>
      fan.postForm(path, {
        intent: 'comment',
        contentId: gallery.id,
        name: 'Ana',
        email: '',
        body,
        startedAt: issueCommentFormToken(Date.now() - 20_000),
        website: '',
      })
    for (let n = 0; n < COMMENT_RATE_LIMIT.max; n++) expect((await send(page, `Comment ${n}`)).status).toBe(200)
    const first = await send(page, 'One too many')
    expect(first.status).toBe(429)
    // The first refusal draws the page with its reason; the next ones are answered before any of it.
    const missing = `/${admin.company.slug}/galeria/no-such-gallery`
    const unread = await send(missing, 'Again')
    expectFixedPage(unread, 'pt', 'comments.errors.tooMany')
    expect(Buffer.byteLength(unread.text)).toBeLessThan(Buffer.byteLength(first.text) / 10)
    // The page's script says it is a comment in the address: refused by the action before the gallery is looked up.
    const fromScript = await send(`${missing}.data?intent=comment`, 'Scripted')
    expect(fromScript.status).toBe(429)
    expect(fromScript.text).toContain('rate-limited')
    expect(Number(fromScript.headers['retry-after'])).toBeGreaterThan(0)
    // Or in the form only, when a script leaves it out of the address: still before the gallery is looked up.
    expect((await send(`${missing}.data`, 'Untagged')).status).toBe(429)
    // What the page reports of the visit (its view) goes to the events' door: not refused with the comments.
    const view = await fanBrowser().send({
      company: admin.company.id,
      events: [{ type: 'page_view', page: 'gallery', contentId: gallery.id }],
    })
    expect(view.status).toBe(202)
    const stored = await withSystem((tx) =>
      tx.select({ id: comment.id }).from(comment).where(eq(comment.contentItemId, gallery.id)),
    )
    expect(stored).toHaveLength(COMMENT_RATE_LIMIT.max)
  })

  it('the marketing site’s forms: refused unread, with or without the script', async () => {
    const visitor = fanIn('fr')
    const tag = randomBytes(4).toString('hex')
    const email = (n: number) => `visitor-${tag}-${n}@flood.test`
    for (let n = 0; n < MARKETING_FORM_RATE_LIMIT.max; n++)
      expect((await visitor.postForm('/?index', { kind: 'newsletter', email: email(n) })).status).toBe(200)
    expect((await visitor.postForm('/?index', { kind: 'newsletter', email: email(99) })).status).toBe(429)
    // A form of no kind would be 400 once read: refused before that.
    const unread = await visitor.postForm('/?index&kind=contact', { kind: 'bogus' })
    expectFixedPage(unread, 'fr', 'home.forms.rateLimited')
    const fromScript = await visitor.postForm('/_root.data?index&kind=contact', { kind: 'bogus' })
    expect(fromScript.status).toBe(429)
    expect(fromScript.text).toContain('rate-limited')
    const stored = await withSystem((tx) =>
      tx
        .select({ id: formSubmission.id })
        .from(formSubmission)
        .where(like(formSubmission.email, `visitor-${tag}-%`)),
    )
    expect(stored).toHaveLength(MARKETING_FORM_RATE_LIMIT.max)
  })

  it('a gallery’s password and a download’s PIN: refused unread, even the right ones, and no cookie is given', async () => {
    const admin = await createCompanyAdmin('cheap-pin')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const protect = (galleryId: string, form: Record<string, string>) =>
      admin.client.postForm(`/admin/content/${galleryId}/protection`, { downloadMode: 'originals', ...form })
    const gallery = await publishedGallery(admin)
    expect((await protect(gallery.id, { password: 'moonlight' })).status).toBe(200)
    // The PIN on a gallery without a password: its downloads are there to be asked for.
    const pinned = await publishedGallery(admin)
    const fileId = await storedVideo(admin.company.id, pinned.id)
    expect((await protect(pinned.id, { pin: '4821' })).status).toBe(200)

    const door = `/${admin.company.slug}/galeria/${gallery.slug}/acesso`
    const stranger = fanIn('pt')
    for (let attempt = 0; attempt < UNLOCK_ATTEMPTS.max; attempt++)
      expect((await stranger.postForm(door, { password: `nope-${attempt}` })).status).toBe(403)
    expect((await stranger.postForm(door, { password: 'moonlight' })).status).toBe(429)
    const right = await stranger.postForm(door, { password: 'moonlight' })
    expectFixedPage(right, 'pt', 'public.protection.errors.tooManyTries')
    expect(right.headers['set-cookie']).toBeUndefined()
    // Another gallery's door is another limit.
    const otherGallery = await publishedGallery(admin)
    expect(
      (await stranger.postForm(`/${admin.company.slug}/galeria/${otherGallery.slug}/acesso`, { password: 'x' })).status,
    ).toBe(303)

    const next = `/download/file/${fileId}`
    const pinPage = `/download/pin?next=${encodeURIComponent(next)}`
    const fan = fanIn('es')
    for (let attempt = 0; attempt < UNLOCK_ATTEMPTS.max; attempt++)
      expect((await fan.postForm(pinPage, { next, pin: '1111' })).status).toBe(403)
    expect((await fan.postForm(pinPage, { next, pin: '4821' })).status).toBe(429)
    const rightPin = await fan.postForm(pinPage, { next, pin: '4821' })
    expectFixedPage(rightPin, 'es', 'public.protection.errors.tooManyTries')
    expect(rightPin.headers['set-cookie']).toBeUndefined()
  })

  it('a live gallery’s “send me the photos”: the form refused unread as a page, the script’s call as its own answer', async () => {
    const admin = await createCompanyAdmin('cheap-live')
    const gallery = await publishedGallery(admin)
    const switched = await admin.client.postForm(`/admin/content/${gallery.id}/live`, {
      intent: 'live-mode',
      live: 'true',
      autoApprove: 'false',
    })
    expect(switched.status).toBe(200)
    const path = `/${admin.company.slug}/galeria/${gallery.slug}/live`
    const fan = fanIn('fr')
    const ask = (n: number, at = path, headers: Record<string, string> = {}) =>
      fan.postForm(
        at,
        {
          fullName: `Fan ${n}`,
          email: `live${n}-${randomBytes(3).toString('hex')}@flood.test`,
          privacyAccepted: 'on',
          dataProcessingConsent: 'on',
        },
        headers,
      )
    for (let n = 0; n < LIVE_FOLLOW_RATE_LIMIT.max; n++) expect((await ask(n)).status).toBe(200)
    expect((await ask(99)).status).toBe(429)
    // A gallery that is not live would be 404 once looked up: refused before that.
    const missing = `/${admin.company.slug}/galeria/no-such-show/live`
    expectFixedPage(await ask(100, missing), 'fr', 'downloads.errors.tooMany')
    const fromScript = await ask(101, missing, { accept: 'application/json' })
    expect(fromScript.status).toBe(429)
    expect(Number(fromScript.headers['retry-after'])).toBeGreaterThan(0)
    expect(fromScript.json()).toEqual({ ok: false, errors: { form: ['downloads.errors.tooMany'] } })
  })

  it('sign-in: Better Auth’s refusal kept, the next attempts answered as a problem before the library reads them', async () => {
    const visitor = new TestClient()
    const path = '/api/auth/sign-in/email'
    const attempt = () =>
      visitor.postJson(path, { email: 'nobody@flood.test', password: 'wrong-password' }, { 'accept-language': 'fr' })
    let refusedBy = -1
    for (let n = 0; n < 30 && refusedBy < 0; n++) if ((await attempt()).status === 429) refusedBy = n
    expect(refusedBy).toBeGreaterThan(0)
    // A body that is not JSON would be refused as malformed once read: refused before that.
    const unread = await visitor.request(path, {
      raw: '{not json',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
    })
    expectProblem(unread, 'fr', 'auth.errors.rateLimited', path)
    // The sign-in form posted without the page's script is told the same, without asking the library again.
    const posted = await visitor.postForm(
      '/auth',
      { intent: 'signin', email: 'nobody@flood.test', password: 'wrong-password' },
      { 'accept-language': 'fr' },
    )
    expect(posted.status).toBe(429)
    expect(Number(posted.headers['retry-after'])).toBeGreaterThan(0)
    expect(posted.text).toContain(escapeHtml(getFixedT('fr')('auth.errors.rateLimited')))
    // Another of the library's limits from the same address is not refused with it.
    const other = await visitor.postJson('/api/auth/sign-up/email', { email: 'bad', password: 'x', name: 'x' })
    expect(other.status).not.toBe(429)
  })

  it('the public API: a key past its allowance is refused before it is looked up or its use audited', async () => {
    const admin = await createCompanyAdmin('cheap-api')
    await putOnPlan(admin.company.id, 'enterprise')
    const key = await createKeyThroughPage(admin.client, 'Flood', { content: 'write' })
    await withSystem((tx) =>
      tx.update(apiKey).set({ rateLimitPerMinute: 2 }).where(eq(apiKey.companyId, admin.company.id)),
    )
    const script = new TestClient()
    for (let n = 0; n < 2; n++) expect((await apiRequest(script, key, '/content')).status).toBe(200)
    expect((await apiRequest(script, key, '/content')).status).toBe(429)
    const audited = () =>
      withSystem(
        async (tx) =>
          (
            await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(auditEvent)
              .where(and(eq(auditEvent.companyId, admin.company.id), eq(auditEvent.action, 'api-key.use')))
          )[0].n,
      )
    const before = await audited()
    const unread = await apiRequest(script, key, '/content', {
      method: 'POST',
      json: 'not an object',
      headers: { 'accept-language': 'pt' },
    })
    expectProblem(unread, 'pt', 'api.errors.rateLimited', '/api/v1/content')
    expect(await audited()).toBe(before)
    // Another key of the company has its own allowance.
    const second = await createKeyThroughPage(admin.client, 'Second', { content: 'read' })
    expect((await apiRequest(script, second, '/content')).status).toBe(200)
  })

  it('fans’ events: a page past its allowance is refused before its batch is read; the fan beside it is not', async () => {
    const admin = await createCompanyAdmin('cheap-events')
    const flooder = new TestClient()
    const batch = JSON.stringify({
      company: admin.company.id,
      events: Array.from({ length: MAX_EVENTS_PER_BATCH }, () => ({ type: 'page_view', page: 'landing' })),
    })
    const send = (client: TestClient, body: string, headers: Record<string, string> = {}) =>
      client.request('/api/events', {
        raw: body,
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA, ...headers },
      })
    const batches = Math.ceil(EVENT_BURST / MAX_EVENTS_PER_BATCH)
    for (let n = 0; n < batches; n++) expect((await send(flooder, batch)).status).toBe(202)
    const first = await send(flooder, batch)
    expect(first.status).toBe(429)
    // Malformed, it would be 400 once read: refused before that.
    const unread = await send(flooder, '{not json', { 'accept-language': 'es' })
    expectProblem(unread, 'es', 'analytics.errors.tooMany', '/api/events')
    // Same address, another browser: another visitor, who is not refused.
    const beside = new TestClient(undefined, flooder.localAddress)
    const fan = await beside.request('/api/events', {
      raw: JSON.stringify({ company: admin.company.id, events: [{ type: 'page_view', page: 'landing' }] }),
      headers: { 'content-type': 'text/plain', 'user-agent': `${BROWSER_UA} Fan/2` },
    })
    expect(fan.status).toBe(202)
    expect(fan.json()).toMatchObject({ accepted: 1 })
  })
})
