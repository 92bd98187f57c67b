import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, contentItem, lead, member, organization, session, user } from '#db/schema'
import { getDb, withSystem, withTenant } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createVerifiedUser, firstLink, latestMail, signIn } from '../support/fixtures'

async function userId(email: string) {
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email))
  return row.id
}

describe('onboarding', () => {
  it('sends a signed-in user without a company to onboarding, and refuses bad or reserved slugs', async () => {
    const account = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, account)
    expect((await client.get('/admin')).headers.location).toBe('/onboarding')
    for (const [slug, message] of [
      ['admin', 'This address is reserved. Please choose another one.'],
      ['www', 'This address is reserved. Please choose another one.'],
      ['privacy', 'This address is reserved. Please choose another one.'],
      ['Has Spaces', 'Use lower-case letters, numbers and single hyphens only'],
      ['ab', 'The address must be at least 3 characters long'],
    ]) {
      const response = await client.postForm('/onboarding', { name: 'My Company', slug })
      expect(response.status, slug).toBe(400)
      expect(response.text, slug).toContain(message)
    }
    const companies = await getDb().select().from(organization).where(eq(organization.name, 'My Company'))
    expect(companies).toHaveLength(0)
  })

  it('creates the company with the user as its admin, and keeps slugs unique', async () => {
    const first = await createCompanyAdmin('unique')
    const [membership] = await getDb().select().from(member).where(eq(member.organizationId, first.company.id))
    expect(membership.role).toBe('admin')
    expect((await first.client.get('/admin')).status).toBe(200)

    const other = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, other)
    const taken = await client.postForm('/onboarding', { name: 'Copycat', slug: first.company.slug })
    expect(taken.status).toBe(409)
    expect(taken.text).toContain('This address is already taken. Please choose another one.')
  })
})

describe('tenant isolation', () => {
  it('shows each company only its own numbers, and row-level security fences the tables', async () => {
    const a = await createCompanyAdmin('alpha')
    const b = await createCompanyAdmin('bravo')
    await withSystem(async (tx) => {
      const [item] = await tx
        .insert(contentItem)
        .values({
          companyId: a.company.id,
          kind: 'gallery',
          title: 'Alpha night',
          status: 'published',
          downloadCount: 7,
        })
        .returning()
      await tx.insert(contentItem).values({ companyId: a.company.id, kind: 'single', title: 'Alpha draft' })
      await tx
        .insert(lead)
        .values({ companyId: a.company.id, contentItemId: item.id, fullName: 'Fan One', email: 'fan1@example.test' })
      await tx.insert(asset).values({
        companyId: a.company.id,
        contentItemId: item.id,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: 'a.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 5 * 1024 * 1024,
        storageKey: `${a.company.id}/x/original.jpg`,
      })
    })
    const alpha = await a.client.get('/admin')
    expect(alpha.status).toBe(200)
    const totals = (html: string) =>
      ['content', 'published', 'downloads', 'leads'].map(
        (key) => html.match(new RegExp(`data-testid="total-${key}".*?<dd[^>]*>([^<]+)</dd>`, 's'))?.[1],
      )
    expect(totals(alpha.text)).toEqual(['2', '1', '7', '1'])
    expect(alpha.text).toContain('5\u00a0MB of 1\u00a0GB used')
    const bravo = await b.client.get('/admin')
    expect(totals(bravo.text)).toEqual(['0', '0', '0', '0'])
    expect(bravo.text).toContain('0\u00a0B of 1\u00a0GB used')

    // The database itself refuses to show A's rows to B, or to anyone without a company set.
    const seenByB = await withTenant(b.company.id, (tx) => tx.select().from(contentItem))
    expect(seenByB).toHaveLength(0)
    const seenWithoutCompany = await getDb().select().from(contentItem)
    expect(seenWithoutCompany).toHaveLength(0)
    await expect(
      withTenant(b.company.id, (tx) =>
        tx.insert(contentItem).values({ companyId: a.company.id, kind: 'single', title: 'Planted' }),
      ),
    ).rejects.toThrow()
    const updated = await withTenant(b.company.id, (tx) =>
      tx.update(contentItem).set({ title: 'Hijacked' }).returning(),
    )
    expect(updated).toHaveLength(0)
    // Every tenant table carries the same fence.
    const fenced = await getDb().execute(
      sql`select relname from pg_class where relrowsecurity and relforcerowsecurity and relkind in ('r', 'p') order by relname`,
    )
    // Raw analytics events have one partition per month, each fenced like its parent.
    const isMonth = (name: unknown) => /^analytics_events_\d{4}_\d{2}$/.test(String(name))
    expect(fenced.rows.map((row) => row.relname).filter((name) => !isMonth(name))).toEqual([
      'analytics_daily',
      'analytics_daily_files',
      'analytics_daily_shares',
      'analytics_daily_songs',
      'analytics_events',
      'analytics_likes',
      'analytics_playback_buckets',
      'analytics_view_marks',
      'analytics_visitor_marks',
      'api_idempotency',
      'api_keys',
      'asset_renditions',
      'assets',
      'audit_events',
      'comments',
      'company_backups',
      'content_items',
      'custom_domains',
      'downloads',
      'events',
      'face_embeddings',
      'find_me_removal_requests',
      'find_me_searches',
      'gallery_chapter_counts',
      'gallery_file_counts',
      'invoices',
      'leads',
      'live_followers',
      'subscriptions',
      'webhook_attempts',
      'webhook_deliveries',
      'webhook_endpoints',
    ])
    const tenantTables = await getDb().execute(
      sql`select distinct table_name from information_schema.columns where column_name = 'company_id' and table_schema = 'public' order by table_name`,
    )
    // Not a company's private rows: who belongs to it (read by sign-in), its former page
    // addresses (public routing, read before any company is known) and the payment provider's
    // events (written by the platform's webhook, never read by a company).
    const unfenced = ['invitations', 'members', 'company_slug_redirects', 'billing_events']
    expect(tenantTables.rows.map((row) => row.table_name).filter((name) => !unfenced.includes(String(name)))).toEqual(
      fenced.rows.map((row) => row.relname),
    )
  })

  it('refuses to make another company active for a non-member, and answers 403 if a session points at it', async () => {
    const a = await createCompanyAdmin('own')
    const b = await createCompanyAdmin('other')
    const switchAttempt = await b.client.postJson('/api/auth/organization/set-active', { organizationId: a.company.id })
    expect(switchAttempt.status).toBe(403)
    // Even a forged session row pointing at A gets no data of A.
    await getDb()
      .update(session)
      .set({ activeOrganizationId: a.company.id })
      .where(eq(session.userId, await userId(b.credentials.email)))
    const forged = await b.client.get('/admin')
    expect(forged.status).toBe(403)
    expect(forged.text).not.toContain(a.company.name)
  })
})

describe('team', () => {
  it('invites a manager who accepts, and who cannot open team settings', async () => {
    const admin = await createCompanyAdmin('team')
    const managerAccount = await createVerifiedUser({ name: 'Maria Manager' })
    const invite = await admin.client.postForm('/admin/settings/team', {
      intent: 'invite',
      email: managerAccount.email,
      role: 'manager',
    })
    expect(invite.status).toBe(200)
    const mail = await latestMail(managerAccount.email, admin.company.name)
    const invitationPath = new URL(firstLink(mail.text)).pathname

    const manager = new TestClient()
    await signIn(manager, managerAccount)
    const accepted = await manager.postForm(invitationPath, { intent: 'accept' })
    expect(accepted.status).toBe(302)
    expect(accepted.headers.location).toBe('/admin')
    const dashboard = await manager.get('/admin')
    expect(dashboard.status).toBe(200)
    expect(dashboard.text).toContain(admin.company.name)
    expect((await manager.get('/admin/settings/team')).status).toBe(403)
    expect(
      (await manager.postForm('/admin/settings/team', { intent: 'invite', email: 'x@example.test', role: 'admin' }))
        .status,
    ).toBe(403)
    const [membership] = await getDb()
      .select()
      .from(member)
      .where(eq(member.userId, await userId(managerAccount.email)))
    expect(membership.role).toBe('manager')
  })

  it('keeps at least one admin: the last admin can be neither demoted nor removed', async () => {
    const admin = await createCompanyAdmin('solo')
    const [own] = await getDb().select().from(member).where(eq(member.organizationId, admin.company.id))
    const demote = await admin.client.postForm('/admin/settings/team', {
      intent: 'change-role',
      memberId: own.id,
      role: 'user',
    })
    expect(demote.status).toBe(409)
    const remove = await admin.client.postForm('/admin/settings/team', { intent: 'remove', memberId: own.id })
    expect(remove.status).toBe(409)
    const [still] = await getDb().select().from(member).where(eq(member.id, own.id))
    expect(still.role).toBe('admin')
  })

  it("cannot touch another company's members", async () => {
    const a = await createCompanyAdmin('keep')
    const b = await createCompanyAdmin('poach')
    const [aMember] = await getDb().select().from(member).where(eq(member.organizationId, a.company.id))
    const response = await b.client.postForm('/admin/settings/team', { intent: 'remove', memberId: aMember.id })
    expect(response.status).toBe(404)
    expect(await getDb().select().from(member).where(eq(member.id, aMember.id))).toHaveLength(1)
  })
})

describe('audit log', () => {
  it("files each sign-in under the user's company, where its admins read it", async () => {
    const admin = await createCompanyAdmin('audit')
    const again = new TestClient()
    await signIn(again, admin.credentials)
    const page = await again.get('/admin/settings/audit?category=session_start')
    expect(page.status).toBe(200)
    // The first sign-in came before the company existed; the second one is filed under it.
    expect(page.text.match(/data-testid="audit-row"/g)).toHaveLength(1)
    expect(page.text).toContain('Session start')
    const other = await createCompanyAdmin('stranger')
    const theirs = await other.client.get('/admin/settings/audit?category=session_start')
    expect(theirs.text).toContain('No events recorded yet.')
  })
})

describe('concurrent sessions', () => {
  it('keeps at most 2 sessions for an admin and 3 for other roles, revoking the oldest', async () => {
    const admin = await createCompanyAdmin('sessions')
    const adminId = await userId(admin.credentials.email)
    const clients = [admin.client]
    for (let i = 0; i < 2; i++) {
      const client = new TestClient()
      await signIn(client, admin.credentials)
      clients.push(client)
    }
    const adminSessions = await getDb().select().from(session).where(eq(session.userId, adminId))
    expect(adminSessions).toHaveLength(2)
    expect((await clients[0].get('/admin')).status).toBe(302) // the oldest was signed out
    expect((await clients[2].get('/admin')).status).toBe(200)

    const plain = await createVerifiedUser()
    for (let i = 0; i < 4; i++) await signIn(new TestClient(), plain)
    const [{ total }] = await getDb()
      .select({ total: sql<number>`count(*)::int` })
      .from(session)
      .where(eq(session.userId, await userId(plain.email)))
    expect(total).toBe(3)
  })
})
