import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvent, contentItem, download, event, lead, user } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'

type Admin = Awaited<ReturnType<typeof createCompanyAdmin>>

const EVIL_NAME = '=HYPERLINK("http://evil.test","click")'
const HEADER_EN =
  'Name,E-mail,Phone,Company,Content,Event,Date (UTC),Privacy policy accepted (UTC),Data processing consent,Marketing consent,Policy version,Language,Source page\r\n'

let owner: Admin
let other: Admin
let galleryId: string
let singleId: string
let eventId: string
const ids = { ana: '', evil: '', bruno: '', theirs: '' }

/** The leads a list page shows, in order (the desktop table's rows). */
function shownLeads(html: string) {
  return [...html.matchAll(/data-testid="lead-row" data-lead-id="([0-9a-f-]{36})"/g)].map((match) => match[1])
}

async function leadAudit(companyId: string, action: string) {
  return withSystem((tx) =>
    tx
      .select()
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.companyId, companyId),
          eq(auditEvent.category, 'lead_data_access'),
          eq(auditEvent.action, action),
        ),
      ),
  )
}

describe('the admin Leads page', () => {
  beforeAll(async () => {
    owner = await createCompanyAdmin('leads-own')
    other = await createCompanyAdmin('leads-other')
    const companyId = owner.company.id
    await withSystem(async (tx) => {
      ;[{ id: eventId }] = await tx
        .insert(event)
        .values({ companyId, slug: 'lisbon-night', title: 'Lisbon Night' })
        .returning({ id: event.id })
      ;[{ id: galleryId }] = await tx
        .insert(contentItem)
        .values({ companyId, kind: 'gallery', title: 'Night Owls Live', eventId, requireLead: true })
        .returning({ id: contentItem.id })
      ;[{ id: singleId }] = await tx
        .insert(contentItem)
        .values({ companyId, kind: 'single', title: 'Tour poster', requireLead: true })
        .returning({ id: contentItem.id })
      const consent = { dataProcessingConsent: true, policyVersion: '1.0' }
      ;[{ id: ids.ana }] = await tx
        .insert(lead)
        .values({
          ...consent,
          companyId,
          contentItemId: galleryId,
          eventId,
          fullName: 'Ana Souza',
          email: 'ana@fans.test',
          phone: '+351 912 000 111',
          organisation: 'Owl Records',
          marketingConsent: true,
          privacyAcceptedAt: new Date('2026-05-01T21:30:00Z'),
          language: 'pt',
          sourceUrl: 'https://afterglow.test/night-owls/galeria/live',
          createdAt: new Date('2026-05-01T21:30:00Z'),
        })
        .returning({ id: lead.id })
      ;[{ id: ids.evil }] = await tx
        .insert(lead)
        .values({
          ...consent,
          companyId,
          contentItemId: galleryId,
          fullName: EVIL_NAME,
          email: 'evil@fans.test',
          organisation: 'Smith, "Jones" & Co',
          privacyAcceptedAt: new Date('2026-05-02T10:00:00Z'),
          language: 'en',
          sourceUrl: 'https://afterglow.test/x',
          createdAt: new Date('2026-05-02T10:00:00Z'),
        })
        .returning({ id: lead.id })
      ;[{ id: ids.bruno }] = await tx
        .insert(lead)
        .values({
          ...consent,
          companyId,
          contentItemId: singleId,
          fullName: 'Bruno Lima',
          email: 'bruno@owls.test',
          createdAt: new Date('2026-04-30T08:00:00Z'),
        })
        .returning({ id: lead.id })
      ;[{ id: ids.theirs }] = await tx
        .insert(lead)
        .values({
          ...consent,
          companyId: other.company.id,
          fullName: 'Other Fan',
          email: 'other@fans.test',
          createdAt: new Date('2026-05-03T08:00:00Z'),
        })
        .returning({ id: lead.id })
    })
  })

  it('lists only the own company’s leads, newest first, with content, event and consents', async () => {
    const page = await owner.client.get('/admin/leads')
    expect(page.status).toBe(200)
    expect(shownLeads(page.text)).toEqual([ids.evil, ids.ana, ids.bruno])
    expect(page.text).not.toContain('Other Fan')
    expect(page.text).toContain('3 leads')
    expect(page.text).toContain(`href="/admin/content/${galleryId}"`)
    expect(page.text).toContain(`href="/admin/events/${eventId}"`)
    expect(page.text).toContain('Marketing consent given')
    expect(page.text).toContain('No marketing consent')
    // The formula is shown as text on the page, escaped like any other.
    expect(page.text).toContain('=HYPERLINK(&quot;http://evil.test&quot;,&quot;click&quot;)')

    const theirs = await other.client.get('/admin/leads')
    expect(shownLeads(theirs.text)).toEqual([ids.theirs])
    expect(theirs.text).not.toContain('Ana Souza')
  })

  it('searches name, e-mail and company without regard to case, and treats wildcards as text', async () => {
    const search = async (q: string) =>
      shownLeads((await owner.client.get(`/admin/leads?q=${encodeURIComponent(q)}`)).text)
    expect(await search('SOUZA')).toEqual([ids.ana])
    expect(await search('Bruno@OWLS')).toEqual([ids.bruno])
    expect(await search('owl')).toEqual([ids.ana, ids.bruno])
    expect(await search('jones')).toEqual([ids.evil])
    expect(await search('%')).toEqual([])
    expect(await search('Other Fan')).toEqual([])
    const none = await owner.client.get('/admin/leads?q=nobody-at-all')
    expect(none.text).toContain('No leads match')
    expect(none.text).toContain('0 of 3 leads match')
  })

  it('filters by content, by event and by marketing consent, alone and together', async () => {
    const list = async (query: string) => shownLeads((await owner.client.get(`/admin/leads?${query}`)).text)
    expect(await list(`content=${galleryId}`)).toEqual([ids.evil, ids.ana])
    expect(await list(`content=${singleId}`)).toEqual([ids.bruno])
    expect(await list(`event=${eventId}`)).toEqual([ids.ana])
    expect(await list('marketing=yes')).toEqual([ids.ana])
    expect(await list('marketing=no')).toEqual([ids.evil, ids.bruno])
    expect(await list(`marketing=no&content=${galleryId}`)).toEqual([ids.evil])
    expect(await list('q=owl&marketing=no')).toEqual([ids.bruno])
    // Malformed values are ignored rather than failing the page.
    expect(await list('content=not-a-uuid&marketing=maybe&page=-3')).toEqual([ids.evil, ids.ana, ids.bruno])
    // Only content and events that brought leads are offered as filters.
    const page = await owner.client.get('/admin/leads')
    expect(page.text).toContain(`<option value="${galleryId}">Night Owls Live</option>`)
    expect(page.text).toContain(`<option value="${eventId}">Lisbon Night</option>`)
  })

  it('exports the filtered list as UTF-8 CSV with a BOM, RFC 4180 quoting and formulas neutralised', async () => {
    const response = await owner.client.get(`/admin/leads/export.csv?content=${galleryId}`)
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const today = new Date().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="leads-${owner.company.slug}-${today}.csv"`,
    )
    expect(response.headers['cache-control']).toContain('no-store')
    expect(response.text).toBe(
      '\uFEFF' +
        HEADER_EN +
        `"'=HYPERLINK(""http://evil.test"",""click"")",evil@fans.test,,"Smith, ""Jones"" & Co",Night Owls Live,,2026-05-02 10:00:00,2026-05-02 10:00:00,Yes,No,1.0,en,https://afterglow.test/x\r\n` +
        `Ana Souza,ana@fans.test,'+351 912 000 111,Owl Records,Night Owls Live,Lisbon Night,2026-05-01 21:30:00,2026-05-01 21:30:00,Yes,Yes,1.0,pt,https://afterglow.test/night-owls/galeria/live\r\n`,
    )

    // The header speaks the user's language; the search applies to the export as well.
    const portuguese = new TestClient()
    for (const [name, value] of owner.client.cookies) portuguese.setCookie(name, value)
    portuguese.setCookie('lang', 'pt')
    const searched = await portuguese.get('/admin/leads/export.csv?q=bruno')
    expect(searched.text).toBe(
      '\uFEFFNome,Email,Telefone,Empresa,Conteúdo,Evento,Data (UTC),Política de privacidade aceita (UTC),Consentimento de tratamento de dados,Consentimento de marketing,Versão da política,Idioma,Página de origem\r\n' +
        'Bruno Lima,bruno@owls.test,,,Tour poster,,2026-04-30 08:00:00,,Sim,Não,1.0,,\r\n',
    )

    const theirs = await other.client.get('/admin/leads/export.csv')
    expect(theirs.text).toContain('Other Fan')
    expect(theirs.text).not.toContain('Ana Souza')
  })

  it('streams every row of a long list exactly once across batches, ties in time included', async () => {
    const big = await createCompanyAdmin('leads-big')
    const sameMoment = new Date('2026-06-01T20:00:00.123456Z')
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      companyId: big.company.id,
      fullName: `Fan ${i}`,
      email: `fan${i}@big.test`,
      // Most share one instant (as a burst after a show does); the rest are spread out.
      createdAt: i < 1500 ? sameMoment : new Date(Date.UTC(2026, 5, 2, 0, 0, i)),
    }))
    await withSystem((tx) => tx.insert(lead).values(rows))
    // Microseconds the JS Date cannot hold: the cursor must not round them away.
    await withSystem((tx) =>
      tx.execute(
        sql`update leads set created_at = created_at + (random() * interval '900 microseconds') where company_id = ${big.company.id} and created_at < '2026-06-01T21:00:00Z'`,
      ),
    )
    const response = await big.client.get('/admin/leads/export.csv')
    const lines = response.text.split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(2346)
    const emails = lines.slice(1).map((line) => line.split(',')[1])
    expect(new Set(emails).size).toBe(2345)

    // The list pages through the same leads 50 at a time; a page past the end shows the last one.
    const first = await big.client.get('/admin/leads')
    expect(shownLeads(first.text)).toHaveLength(50)
    expect(first.text).toContain('Page 1 of 47')
    expect(first.text).toContain('2,345 leads')
    const last = await big.client.get('/admin/leads?page=47')
    expect(shownLeads(last.text)).toHaveLength(45)
    expect(last.text).toContain('Showing 2,301–2,345')
    expect(shownLeads((await big.client.get('/admin/leads?page=999')).text)).toEqual(shownLeads(last.text))
  })

  it('is for managers and admins only: users get 403 on the page, the export and delete, and no Leads entry', async () => {
    const staff = await createMemberWithRole(owner.company.id, 'user')
    const page = await staff.get('/admin/leads')
    expect(page.status).toBe(403)
    expect(page.text).toContain('Access Denied')
    expect(page.text).not.toContain('ana@fans.test')
    const exported = await staff.get('/admin/leads/export.csv')
    expect(exported.status).toBe(403)
    expect(exported.text).not.toContain('ana@fans.test')
    expect((await staff.postForm('/admin/leads', { intent: 'delete', leadId: ids.bruno })).status).toBe(403)
    const [kept] = await withSystem((tx) => tx.select({ id: lead.id }).from(lead).where(eq(lead.id, ids.bruno)))
    expect(kept).toBeDefined()
    const dashboard = await staff.get('/admin')
    expect(dashboard.status).toBe(200)
    expect(dashboard.text).not.toContain('href="/admin/leads"')

    const manager = await createMemberWithRole(owner.company.id, 'manager')
    expect((await manager.get('/admin/leads')).status).toBe(200)
    expect((await manager.get('/admin')).text).toContain('href="/admin/leads"')
  })

  it('erases a lead for good, keeps its downloads counting, and cannot reach another company’s', async () => {
    const [fileDownload] = await withSystem((tx) =>
      tx
        .insert(download)
        .values({ companyId: owner.company.id, contentItemId: galleryId, leadId: ids.ana, kind: 'zip', quality: 'web' })
        .returning({ id: download.id }),
    )
    const foreign = await owner.client.postForm('/admin/leads', { intent: 'delete', leadId: ids.theirs })
    expect(foreign.status).toBe(404)
    expect(foreign.text).toContain('leads.errors.notFound')
    const [stillThere] = await withSystem((tx) => tx.select({ id: lead.id }).from(lead).where(eq(lead.id, ids.theirs)))
    expect(stillThere).toBeDefined()
    expect((await owner.client.postForm('/admin/leads', { intent: 'delete', leadId: 'nope' })).status).toBe(400)

    const deleted = await owner.client.postForm('/admin/leads', { intent: 'delete', leadId: ids.ana })
    expect(deleted.status).toBe(200)
    expect(deleted.text).toContain('leads.toasts.deleted')
    expect(await withSystem((tx) => tx.select().from(lead).where(eq(lead.id, ids.ana)))).toEqual([])
    const [keptDownload] = await withSystem((tx) => tx.select().from(download).where(eq(download.id, fileDownload.id)))
    expect(keptDownload).toMatchObject({ contentItemId: galleryId, leadId: null })
    expect(shownLeads((await owner.client.get('/admin/leads')).text)).toEqual([ids.evil, ids.bruno])
    expect((await owner.client.postForm('/admin/leads', { intent: 'delete', leadId: ids.ana })).status).toBe(404)
  })

  it('records every view, export and erasure as lead data access, without the fans’ personal data', async () => {
    await owner.client.get('/admin/leads?q=souza&marketing=yes')
    const views = await leadAudit(owner.company.id, 'leads.list')
    const [ownerUser] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, owner.credentials.email))
    expect(views.filter((row) => row.actorUserId === ownerUser.id).length).toBeGreaterThanOrEqual(5)
    // The manager's one look is on the record too; users never got as far as the data.
    expect(views.filter((row) => row.actorUserId !== ownerUser.id)).toHaveLength(1)
    expect(views.every((row) => row.tableName === 'leads')).toBe(true)
    expect(views.some((row) => row.details?.searched === true && row.details?.marketing === 'yes')).toBe(true)
    expect(views[0].ipAddress).toMatch(/127\./)

    const exports = await leadAudit(owner.company.id, 'leads.export')
    expect(exports.some((row) => row.details?.content === galleryId)).toBe(true)
    const erasures = await leadAudit(owner.company.id, 'leads.delete')
    expect(erasures.map((row) => row.recordId)).toEqual([ids.ana])

    const everything = JSON.stringify([...views, ...exports, ...erasures])
    for (const personal of ['souza', 'Souza', 'ana@fans.test', 'bruno']) expect(everything).not.toContain(personal)
    // The other company's trail holds only its own access.
    expect((await leadAudit(other.company.id, 'leads.list')).every((row) => row.actorUserId !== ownerUser.id)).toBe(
      true,
    )
  })
})
