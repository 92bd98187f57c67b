import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvent, comment, contentItem, organization } from '#db/schema'
import { withPublicRead, withSystem, withTenant } from '#app/lib/db.server'
import { issueCommentFormToken } from '#app/features/galleries/comments/server/comment-form-token.server'
import { COMMENT_RATE_LIMIT } from '#app/features/galleries/comments/server/comment-rate-limit.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

/** The page as a reader sees it: no scripts (they carry every text of the catalog), entities decoded. */
function visibleText(html: string) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The comments a fans' page lists, in order (name and text of each). */
function shownComments(html: string) {
  const list = /<ol[^>]*data-testid="comments-list"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? ''
  return [...list.matchAll(/<li[^>]*data-testid="comment"[^>]*>([\s\S]*?)<\/li>/g)].map((match) =>
    visibleText(match[1].replace(/<time[\s\S]*?<\/time>/, '').replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim(),
  )
}

/** A form token issued long enough ago for a person to have written the comment. */
const writtenToken = () => issueCommentFormToken(Date.now() - 20_000)

let owner: Admin
let other: Admin
let gallery: { id: string; slug: string }
let single: { id: string }
let draft: { id: string }
let theirs: { id: string; slug: string }

async function createItem(companyId: string, values: Partial<typeof contentItem.$inferInsert> = {}) {
  const [row] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId,
        kind: 'gallery',
        slug: `g-${randomBytes(3).toString('hex')}`,
        title: 'Night Owls Live',
        status: 'published',
        publishedAt: new Date(),
        ...values,
      })
      .returning({ id: contentItem.id, slug: contentItem.slug }),
  )
  return { id: row.id, slug: row.slug! }
}

const galleryPath = () => `/${owner.company.slug}/galeria/${gallery.slug}`

function send(client: TestClient, fields: Record<string, string>, path = galleryPath()) {
  return client.postForm(path, {
    intent: 'comment',
    contentId: gallery.id,
    name: 'Ana',
    email: '',
    body: 'What a night!',
    startedAt: writtenToken(),
    website: '',
    ...fields,
  })
}

const storedComments = (contentItemId: string) =>
  withSystem((tx) => tx.select().from(comment).where(eq(comment.contentItemId, contentItemId)))
const setAutoApprove = (companyId: string, on: boolean) =>
  withSystem((tx) => tx.update(organization).set({ commentsAutoApprove: on }).where(eq(organization.id, companyId)))

describe('fans’ comments', () => {
  beforeAll(async () => {
    owner = await createCompanyAdmin('comments-own')
    other = await createCompanyAdmin('comments-other')
    gallery = await createItem(owner.company.id)
    single = await createItem(owner.company.id, { kind: 'single', slug: null, title: 'Encore video' })
    draft = await createItem(owner.company.id, { status: 'draft', publishedAt: null, title: 'Not yet' })
    theirs = await createItem(other.company.id, { title: 'Their gallery' })
  })

  it('answers invalid input with the spec’s messages, keeps what was typed, and stores nothing', async () => {
    const fan = new TestClient()
    const empty = await send(fan, { name: '   ', body: '' })
    expect(empty.status).toBe(400)
    expect(visibleText(empty.text).match(/Input cannot be empty/g)).toHaveLength(2)

    const tooLong = await send(fan, { name: 'N'.repeat(101), email: 'not-an-email', body: 'b'.repeat(1001) })
    expect(tooLong.status).toBe(400)
    const text = visibleText(tooLong.text)
    expect(text).toContain('Name too long (max 100 characters)')
    expect(text).toContain('Message too long (max 1000 characters)')
    expect(text).toContain('Please enter a valid email address')
    expect(text).toContain('b'.repeat(1001))

    const scriptOnly = await send(fan, { body: '<script>alert(1)</script>' })
    expect(scriptOnly.status).toBe(400)
    expect(visibleText(scriptOnly.text)).toContain('Input cannot be empty')
    expect(visibleText(scriptOnly.text)).toContain('Input has been sanitized for security')
    expect(await storedComments(gallery.id)).toEqual([])

    const inPt = await fan.request(galleryPath(), {
      form: { intent: 'comment', contentId: gallery.id, name: '', body: 'x', startedAt: writtenToken() },
      headers: { 'accept-language': 'pt-BR' },
    })
    expect(visibleText(inPt.text)).toContain('A entrada não pode ficar vazia')

    // Exactly 1000 characters is allowed.
    const exact = await send(fan, { body: 'é'.repeat(1000) })
    expect(exact.status).toBe(200)
    expect((await storedComments(gallery.id)).map((row) => row.body.length)).toEqual([1000])
    await withSystem((tx) => tx.delete(comment).where(eq(comment.contentItemId, gallery.id)))
  })

  it('stores plain text: scripts and handlers go, the rest is kept and shown escaped', async () => {
    const fan = new TestClient()
    const sent = await send(fan, {
      name: 'Bea <i>',
      email: ' Bea@Fans.Test ',
      body: '<script>steal()</script>Loved it <b>so</b> much\n<img src=x onerror="boom()">',
    })
    expect(sent.status).toBe(200)
    expect(visibleText(sent.text)).toContain('Input has been sanitized for security')
    const [stored] = await storedComments(gallery.id)
    expect(stored).toMatchObject({
      name: 'Bea <i>',
      email: 'bea@fans.test',
      body: 'Loved it <b>so</b> much\n<img src=x>',
      status: 'pending',
      language: 'en',
      companyId: owner.company.id,
    })
    expect(stored.visitorHash).toMatch(/^[A-Za-z0-9_-]{22}$/)
    await withSystem((tx) => tx.update(comment).set({ status: 'approved' }).where(eq(comment.id, stored.id)))
    const page = await new TestClient().get(galleryPath())
    expect(page.text).toContain('Loved it &lt;b&gt;so&lt;/b&gt; much')
    expect(page.text).not.toContain('<b>so</b>')
    expect(page.text).not.toContain('<img src=x>')
    await withSystem((tx) => tx.delete(comment).where(eq(comment.contentItemId, gallery.id)))
  })

  it('refuses the honeypot, a form sent too fast and a forged or missing start time, storing nothing', async () => {
    const fan = new TestClient()
    const honeypot = await send(fan, { website: 'http://spam.test' })
    expect(honeypot.status).toBe(400)
    expect(visibleText(honeypot.text)).toContain(
      'Your comment could not be sent. Please reload the page and try again.',
    )

    // Issued as it is sent: the server would have to take the whole minimum (3 s) to answer for it to pass.
    const tooFast = await send(fan, { startedAt: issueCommentFormToken() })
    expect(tooFast.status).toBe(400)
    expect(visibleText(tooFast.text)).toContain('That was quick! Please read your comment over and send it again.')

    const [issuedAt] = writtenToken().split('.')
    for (const startedAt of [`${issuedAt}.${'A'.repeat(43)}`, '', issueCommentFormToken(Date.now() + 60_000)]) {
      expect((await send(fan, { startedAt })).status).toBe(400)
    }
    expect(await storedComments(gallery.id)).toEqual([])
    const refusals = await withSystem((tx) =>
      tx
        .select()
        .from(auditEvent)
        .where(
          and(
            eq(auditEvent.companyId, owner.company.id),
            eq(auditEvent.category, 'comment_submission'),
            eq(auditEvent.action, 'comments.refused'),
          ),
        ),
    )
    expect(refusals.map((row) => (row.details as { reason: string }).reason).sort()).toEqual([
      'spam',
      'spam',
      'spam',
      'spam',
      'too-fast',
    ])
  })

  it('refuses another company’s content and drafts, from any of the company’s pages', async () => {
    const fan = new TestClient()
    const foreign = await send(fan, { contentId: theirs.id })
    expect(foreign.status).toBe(404)
    const onPlayer = await send(fan, { contentId: theirs.id }, `/${owner.company.slug}/player/${single.id}`)
    expect(onPlayer.status).toBe(404)
    expect((await send(fan, { contentId: draft.id })).status).toBe(404)
    expect((await send(fan, { contentId: 'not-a-uuid' })).status).toBe(404)
    expect(await storedComments(theirs.id)).toEqual([])
    expect(await storedComments(draft.id)).toEqual([])
  })

  it('audits each submission as a comment submission', async () => {
    const fan = new TestClient()
    const sent = await send(fan, { name: 'Caio', body: 'Audited comment' })
    expect(sent.status).toBe(200)
    const [stored] = (await storedComments(gallery.id)).filter((row) => row.body === 'Audited comment')
    const [entry] = await withSystem((tx) =>
      tx
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.category, 'comment_submission'), eq(auditEvent.recordId, stored.id))),
    )
    expect(entry).toMatchObject({
      action: 'comments.submit',
      companyId: owner.company.id,
      tableName: 'comments',
      actorUserId: null,
    })
    expect(entry.details).toMatchObject({ contentItemId: gallery.id, status: 'pending' })
    expect(entry.ipAddress).toContain(fan.localAddress)
    await withSystem((tx) => tx.delete(comment).where(eq(comment.id, stored.id)))
  })

  it('shows fans only approved comments, tells the sender theirs awaits approval, and follows the company’s decisions', async () => {
    const fan = new TestClient()
    const sent = await send(fan, { name: 'Dani', body: 'Awaiting my turn' })
    expect(sent.status).toBe(200)
    const text = visibleText(sent.text)
    expect(text).toContain('Thanks! Your comment is awaiting approval.')
    expect(text).toContain(`It will appear here once ${owner.company.name} approves it.`)
    const [pending] = (await storedComments(gallery.id)).filter((row) => row.body === 'Awaiting my turn')

    const reader = new TestClient()
    expect(shownComments((await reader.get(galleryPath())).text)).toEqual([])

    const approved = await owner.client.postForm('/admin/comments', { intent: 'approve', commentId: pending.id })
    expect(approved.status).toBe(200)
    expect(approved.text).toContain('commentModeration.toasts.approved')
    // The cached page changes with the approval (the company's public version moved).
    expect(shownComments((await reader.get(galleryPath())).text)).toEqual(['Dani Awaiting my turn'])

    const list = await owner.client.get('/admin/comments?status=approved')
    expect(list.text).toContain('Awaiting my turn')
    expect(visibleText(list.text)).toContain('Night Owls Live')

    expect((await owner.client.postForm('/admin/comments', { intent: 'hide', commentId: pending.id })).status).toBe(200)
    expect(shownComments((await reader.get(galleryPath())).text)).toEqual([])
    expect((await owner.client.get('/admin/comments?status=hidden')).text).toContain('Awaiting my turn')
    expect((await owner.client.get('/admin/comments')).text).not.toContain('Awaiting my turn')

    const deleted = await owner.client.postForm('/admin/comments', { intent: 'delete', commentId: pending.id })
    expect(deleted.status).toBe(200)
    expect(await storedComments(gallery.id)).toEqual([])
    expect((await owner.client.postForm('/admin/comments', { intent: 'delete', commentId: pending.id })).status).toBe(
      404,
    )
  })

  it('takes comments on a single item in the player too', async () => {
    await setAutoApprove(owner.company.id, true)
    try {
      const path = `/${owner.company.slug}/player/${single.id}`
      const sent = await send(new TestClient(), { contentId: single.id, name: 'Edu', body: 'Best encore' }, path)
      expect(sent.status).toBe(200)
      expect(visibleText(sent.text)).toContain('Thanks! Your comment is published.')
      expect(shownComments((await new TestClient().get(path)).text)).toEqual(['Edu Best encore'])
      expect(shownComments((await new TestClient().get(galleryPath())).text)).toEqual([])
    } finally {
      await setAutoApprove(owner.company.id, false)
      await withSystem((tx) => tx.delete(comment).where(eq(comment.contentItemId, single.id)))
    }
  })

  it('publishes at once while the company approves automatically; only its admins change that', async () => {
    const manager = await createMemberWithRole(owner.company.id, 'manager')
    const user = await createMemberWithRole(owner.company.id, 'user')

    const refused = await manager.postForm('/admin/comments', { intent: 'auto-approve', enabled: 'on' })
    expect(refused.status).toBe(403)
    expect(refused.text).toContain('commentModeration.errors.adminOnly')
    const managerPage = await manager.get('/admin/comments')
    expect(managerPage.status).toBe(200)
    expect(visibleText(managerPage.text)).toContain('Only admins can change this.')
    expect((await user.postForm('/admin/comments', { intent: 'auto-approve', enabled: 'on' })).status).toBe(403)
    const [unchanged] = await withSystem((tx) =>
      tx
        .select({ on: organization.commentsAutoApprove })
        .from(organization)
        .where(eq(organization.id, owner.company.id)),
    )
    expect(unchanged.on).toBe(false)

    const switched = await owner.client.postForm('/admin/comments', { intent: 'auto-approve', enabled: 'on' })
    expect(switched.status).toBe(200)
    try {
      const sent = await send(new TestClient(), { name: 'Fabi', body: 'Straight to the page' })
      expect(visibleText(sent.text)).toContain('Thanks! Your comment is published.')
      expect(shownComments((await new TestClient().get(galleryPath())).text)).toEqual(['Fabi Straight to the page'])
      const [audit] = await withSystem((tx) =>
        tx
          .select()
          .from(auditEvent)
          .where(
            and(
              eq(auditEvent.companyId, owner.company.id),
              eq(auditEvent.category, 'admin_privileged_action'),
              eq(auditEvent.action, 'comments.auto-approve'),
            ),
          ),
      )
      expect(audit.details).toEqual({ enabled: true })
    } finally {
      expect((await owner.client.postForm('/admin/comments', { intent: 'auto-approve', enabled: 'off' })).status).toBe(
        200,
      )
    }
    expect(visibleText((await send(new TestClient(), { body: 'Back to review' })).text)).toContain(
      'Thanks! Your comment is awaiting approval.',
    )
    await withSystem((tx) => tx.delete(comment).where(eq(comment.contentItemId, gallery.id)))
  })

  it('lets admins and managers moderate, not users, and never another company’s comments', async () => {
    await send(new TestClient(), { name: 'Gil', body: 'Moderate me' })
    const [row] = await storedComments(gallery.id)
    const manager = await createMemberWithRole(owner.company.id, 'manager')
    const user = await createMemberWithRole(owner.company.id, 'user')

    expect((await user.get('/admin/comments')).status).toBe(403)
    expect((await user.postForm('/admin/comments', { intent: 'approve', commentId: row.id })).status).toBe(403)
    expect((await user.postForm('/admin/comments', { intent: 'delete', commentId: row.id })).status).toBe(403)
    const userDashboard = await user.get('/admin')
    expect(userDashboard.text).not.toContain('href="/admin/comments"')

    const foreign = await other.client.postForm('/admin/comments', { intent: 'approve', commentId: row.id })
    expect(foreign.status).toBe(404)
    expect(foreign.text).toContain('commentModeration.errors.notFound')
    expect((await other.client.postForm('/admin/comments', { intent: 'delete', commentId: row.id })).status).toBe(404)
    expect((await other.client.get('/admin/comments')).text).not.toContain('Moderate me')
    expect((await storedComments(gallery.id))[0]).toMatchObject({ id: row.id, status: 'pending' })

    const managerPage = await manager.get('/admin/comments')
    expect(managerPage.text).toContain('Moderate me')
    expect(managerPage.text).toContain('href="/admin/comments"')
    expect((await manager.postForm('/admin/comments', { intent: 'approve', commentId: row.id })).status).toBe(200)
    expect((await storedComments(gallery.id))[0]).toMatchObject({ status: 'approved', moderatedAt: expect.any(Date) })
    expect((await manager.postForm('/admin/comments', { intent: 'approve', commentId: 'nope' })).status).toBe(400)
    await withSystem((tx) => tx.delete(comment).where(eq(comment.contentItemId, gallery.id)))
  })

  it('limits how many comments one connection sends, without storing the ones refused', async () => {
    const fan = new TestClient()
    for (let n = 0; n < COMMENT_RATE_LIMIT.max; n++)
      expect((await send(fan, { body: `Comment ${n}` })).status).toBe(200)
    const flood = await send(fan, { body: 'One too many' })
    expect(flood.status).toBe(429)
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0)
    expect(visibleText(flood.text)).toMatch(
      /Too many comments from your connection\. Please wait \d+ min and try again\./,
    )
    expect(await storedComments(gallery.id)).toHaveLength(COMMENT_RATE_LIMIT.max)
    // Someone else behind another address is not held back.
    expect((await send(new TestClient(), { body: 'Different fan' })).status).toBe(200)
    await withSystem((tx) => tx.delete(comment).where(eq(comment.contentItemId, gallery.id)))
  })

  it('keeps comments behind row-level security: fans read approved ones of published items only, companies their own', async () => {
    await withSystem((tx) =>
      tx.insert(comment).values([
        { companyId: owner.company.id, contentItemId: gallery.id, name: 'Shown', body: 'approved', status: 'approved' },
        { companyId: owner.company.id, contentItemId: gallery.id, name: 'Waiting', body: 'pending', status: 'pending' },
        { companyId: owner.company.id, contentItemId: gallery.id, name: 'Hidden', body: 'hidden', status: 'hidden' },
        {
          companyId: owner.company.id,
          contentItemId: draft.id,
          name: 'On a draft',
          body: 'approved',
          status: 'approved',
        },
        { companyId: other.company.id, contentItemId: theirs.id, name: 'Theirs', body: 'approved', status: 'approved' },
      ]),
    )
    try {
      // No WHERE at all: the database alone decides what comes back.
      const fansOfOwner = await withPublicRead(owner.company.id, (tx) =>
        tx.select({ name: comment.name }).from(comment),
      )
      expect(fansOfOwner.map((row) => row.name)).toEqual(['Shown'])
      // Other tests' companies share the database: only these two companies' rows are judged.
      const anyFan = await withPublicRead(null, (tx) =>
        tx
          .select({ name: comment.name })
          .from(comment)
          .where(inArray(comment.companyId, [owner.company.id, other.company.id])),
      )
      expect(anyFan.map((row) => row.name).sort()).toEqual(['Shown', 'Theirs'])
      await expect(
        withPublicRead(owner.company.id, (tx) =>
          tx.insert(comment).values({ companyId: owner.company.id, contentItemId: gallery.id, name: 'x', body: 'x' }),
        ),
      ).rejects.toThrow()
      const ownTeam = await withTenant(owner.company.id, (tx) => tx.select({ name: comment.name }).from(comment))
      expect(ownTeam.map((row) => row.name).sort()).toEqual(['Hidden', 'On a draft', 'Shown', 'Waiting'])
      await expect(
        withTenant(other.company.id, (tx) =>
          tx.insert(comment).values({ companyId: owner.company.id, contentItemId: gallery.id, name: 'x', body: 'x' }),
        ),
      ).rejects.toThrow()

      // The Highlights list counts what fans see under each item.
      const list = await owner.client.get('/admin/content?view=list')
      const row =
        new RegExp(
          `<li[^>]*data-testid="content-row"[^>]*>(?:(?!</li>)[\\s\\S])*?/admin/content/${gallery.id}"[\\s\\S]*?</li>`,
        ).exec(list.text)?.[0] ?? ''
      const numbers = [...row.matchAll(/<dd[^>]*>([\d,.]+)<\/dd>/g)].map((match) => match[1])
      // media, views, downloads, comments
      expect(numbers).toEqual(['0', '0', '0', '1'])
    } finally {
      await withSystem((tx) =>
        tx.delete(comment).where(inArray(comment.companyId, [owner.company.id, other.company.id])),
      )
    }
  })
})
