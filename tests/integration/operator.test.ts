import { eq } from 'drizzle-orm'
import { asPlatform } from '#app/access/tenant.server'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvent, customDomain, formSubmission, organization } from '#db/schema'
import { sweepCustomDomains } from '#app/features/domains/server/sweep-custom-domains.server'
import { withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import {
  createCompanyAdmin,
  createMemberWithRole,
  createVerifiedUser,
  latestMail,
  signIn,
  STRONG_PASSWORD,
} from '../support/fixtures'
import { waitUntil } from '../support/wait'

const OPERATOR_EMAIL = 'operator@afterglow.test'
const companyRow = async (id: string) =>
  (await withSystem((tx) => tx.select().from(organization).where(eq(organization.id, id))))[0]
const operatorAudit = async (action: string) =>
  withSystem((tx) =>
    tx
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, `operator.${action}`)),
  )
const domainRow = async (id: string) =>
  (await withSystem((tx) => tx.select().from(customDomain).where(eq(customDomain.id, id))))[0]

/** An Enterprise company's custom domain, as its checks left it. */
async function connectedDomain(companyId: string, host: string, state: 'verified' | 'pending', createdAt = new Date()) {
  await withSystem((tx) => tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, companyId)))
  const [row] = await withSystem((tx) =>
    tx
      .insert(customDomain)
      .values({
        companyId,
        host,
        token: 'test-token',
        state,
        verifiedAt: state === 'verified' ? new Date() : null,
        createdAt,
      })
      .returning(),
  )
  return row
}

let operator: TestClient

beforeAll(async () => {
  const account = await createVerifiedUser({ email: OPERATOR_EMAIL, name: 'Olga Operator' })
  operator = new TestClient()
  await signIn(operator, account)
})

describe('who may open the operator console', () => {
  it('refuses company admins, managers and signed-out visitors on every operator route, pages and actions alike', async () => {
    const admin = await createCompanyAdmin('opguard')
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    const paths = [
      '/operator',
      `/operator/companies/${admin.company.id}`,
      '/operator/requests',
      '/operator/inbox',
      '/operator/status',
      '/operator/inbox.csv',
    ]
    for (const client of [admin.client, manager]) {
      for (const path of paths) expect((await client.get(path)).status, path).toBe(403)
      const page = await client.get('/operator')
      expect(page.text).toContain('Only the platform&#x27;s operators can open this console.')
      expect(
        (
          await client.postForm(`/operator/companies/${admin.company.id}.data`, {
            intent: 'suspend',
            reason: 'Self-suspension',
          })
        ).status,
      ).toBe(403)
      expect(
        (await client.postForm('/operator/requests.data', { intent: 'approve', companyId: admin.company.id })).status,
      ).toBe(403)
      expect(
        (
          await client.postForm('/operator/requests.data', {
            intent: 'reject-domain',
            domainId: crypto.randomUUID(),
            reason: 'Mine',
          })
        ).status,
      ).toBe(403)
    }
    const stranger = new TestClient()
    const signedOut = await stranger.get('/operator')
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.location).toMatch(/^\/auth\?redirectTo=%2Foperator/)
    expect(await companyRow(admin.company.id)).toMatchObject({ suspendedAt: null })
  })

  it('lists and finds companies with their plan, storage, members and state', async () => {
    const admin = await createCompanyAdmin('opsearch')
    const all = await operator.get('/operator')
    expect(all.status).toBe(200)
    expect(all.text).toContain(admin.company.name)
    const found = await operator.get(`/operator?q=${encodeURIComponent(admin.company.slug)}`)
    expect(found.text.match(/data-testid="operator-company-row"/g)).toHaveLength(1)
    expect((await operator.get('/operator?q=%25%25')).text).not.toContain(admin.company.name)
    const detail = await operator.get(`/operator/companies/${admin.company.id}`)
    expect(detail.text).toContain('Company Admin')
  })
})

describe('suspending a company', () => {
  it("answers fans with a 'temporarily unavailable' page, shows the team why, and undoes it all on reactivation", async () => {
    const admin = await createCompanyAdmin('opsuspend')
    const fan = new TestClient()
    expect((await fan.get(`/${admin.company.slug}`)).status).toBe(200)
    const refused = await operator.postForm(`/operator/companies/${admin.company.id}.data`, {
      intent: 'suspend',
      reason: '',
    })
    expect(refused.status).toBe(400)
    const suspended = await operator.postForm(`/operator/companies/${admin.company.id}.data`, {
      intent: 'suspend',
      reason: 'Unpaid invoices since March.',
    })
    expect(suspended.status).toBe(200)
    const page = await fan.get(`/${admin.company.slug}`)
    expect(page.status).toBe(503)
    expect(page.text).toContain('Temporarily unavailable')
    expect(page.text).not.toContain('id="galleries-heading"')
    const adminPage = await admin.client.get('/admin')
    expect(adminPage.text).toContain('data-testid="company-suspended"')
    expect(adminPage.text).toContain('Unpaid invoices since March.')
    expect((await operatorAudit('company.suspend')).some((row) => row.companyId === admin.company.id)).toBe(true)

    expect(
      (await operator.postForm(`/operator/companies/${admin.company.id}.data`, { intent: 'reactivate' })).status,
    ).toBe(200)
    expect((await fan.get(`/${admin.company.slug}`)).status).toBe(200)
    expect((await admin.client.get('/admin')).text).not.toContain('data-testid="company-suspended"')
  })
})

describe('deciding subdomain requests', () => {
  it('approves one (the admins are e-mailed, the subdomain goes live) and rejects another with the reason the admins read', async () => {
    const first = await createCompanyAdmin('opapprove')
    const second = await createCompanyAdmin('opreject')
    await first.client.postForm('/admin/settings/subdomain.data', {
      intent: 'request',
      label: `${first.company.slug}-pro`,
    })
    await second.client.postForm('/admin/settings/subdomain.data', {
      intent: 'request',
      label: `${second.company.slug}-pro`,
    })
    const list = await operator.get('/operator/requests')
    expect(list.text).toContain(`${first.company.slug}-pro`)
    expect(list.text).toContain(`${second.company.slug}-pro`)

    expect(
      (await operator.postForm('/operator/requests.data', { intent: 'approve', companyId: first.company.id })).status,
    ).toBe(200)
    expect(await companyRow(first.company.id)).toMatchObject({ subdomainStatus: 'active' })
    const approvedMail = await latestMail(first.credentials.email, 'is live')
    expect(approvedMail?.text).toContain(`${first.company.slug}-pro.`)
    // Decided once: a second decision is refused.
    expect(
      (
        await operator.postForm('/operator/requests.data', {
          intent: 'reject',
          companyId: first.company.id,
          reason: 'Too late',
        })
      ).status,
    ).toBe(409)

    expect(
      (
        await operator.postForm('/operator/requests.data', {
          intent: 'reject',
          companyId: second.company.id,
          reason: '',
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await operator.postForm('/operator/requests.data', {
          intent: 'reject',
          companyId: second.company.id,
          reason: 'It names another artist.',
        })
      ).status,
    ).toBe(200)
    expect(await companyRow(second.company.id)).toMatchObject({
      subdomainStatus: 'rejected',
      subdomainRejectionReason: 'It names another artist.',
    })
    expect((await latestMail(second.credentials.email, 'subdomain request'))?.text).toContain(
      'It names another artist.',
    )
    expect((await second.client.get('/admin/settings/subdomain')).text).toContain('It names another artist.')
    expect((await operatorAudit('subdomain.reject')).some((row) => row.companyId === second.company.id)).toBe(true)
  })
})

describe('deciding custom domains', () => {
  it('lists them beside subdomain requests; approving records the review and tells the admins, a verified domain keeps serving', async () => {
    const admin = await createCompanyAdmin('opdomain')
    const serving = await connectedDomain(admin.company.id, `photos.${admin.company.slug}.test`, 'verified')
    const waiting = await connectedDomain(admin.company.id, `shop.${admin.company.slug}.test`, 'pending')
    const list = await operator.get('/operator/requests')
    expect(list.status).toBe(200)
    expect(list.text).toContain(`data-testid="domain-request" data-state="verified"`)
    expect(list.text).toContain(serving.host)
    expect(list.text).toContain(waiting.host)
    expect((await operator.get(`/operator/companies/${admin.company.id}`)).text).toContain(
      'data-testid="operator-domain" data-approval="pending"',
    )

    const fan = new TestClient()
    await waitUntil(async () => (await fan.get('/', { host: serving.host })).text.includes(admin.company.name))
    expect(
      (await operator.postForm('/operator/requests.data', { intent: 'approve-domain', domainId: serving.id })).status,
    ).toBe(200)
    expect(await domainRow(serving.id)).toMatchObject({
      approval: 'approved',
      rejectionReason: null,
      decidedAt: expect.any(Date),
    })
    expect((await latestMail(admin.credentials.email, 'is approved'))?.text).toContain(
      `${serving.host} has been approved for ${admin.company.name} and serves your pages.`,
    )
    expect(
      (await operatorAudit('domain.approve')).some(
        (row) => row.recordId === serving.id && row.companyId === admin.company.id,
      ),
    ).toBe(true)
    expect((await fan.get('/', { host: serving.host })).text).toContain(admin.company.name)
    expect((await fan.get(`/api/tls/ask?domain=${serving.host}`)).status).toBe(200)
    // Decided once: a second decision is refused, an unknown domain is not found.
    expect(
      (
        await operator.postForm('/operator/requests.data', {
          intent: 'reject-domain',
          domainId: serving.id,
          reason: 'Too late',
        })
      ).status,
    ).toBe(409)
    expect(
      (await operator.postForm('/operator/requests.data', { intent: 'approve-domain', domainId: crypto.randomUUID() }))
        .status,
    ).toBe(404)
    expect(
      (await operator.postForm('/operator/requests.data', { intent: 'approve-domain', domainId: 'not-an-id' })).status,
    ).toBe(400)

    // Approved before its records are right: it serves once they are verified, as the admins are told.
    expect(
      (
        await operator.postForm(`/operator/companies/${admin.company.id}.data`, {
          intent: 'approve-domain',
          domainId: waiting.id,
        })
      ).status,
    ).toBe(200)
    expect((await latestMail(admin.credentials.email, `${waiting.host} is approved`))?.text).toContain(
      'as soon as its DNS records are verified',
    )
    expect((await fan.get('/', { host: waiting.host })).text).not.toContain(admin.company.name)
    const after = await operator.get('/operator/requests')
    expect(after.text).not.toContain(serving.host)
    expect(after.text).not.toContain(waiting.host)
  })

  it('rejecting one with a reason stops it serving fans and getting a certificate, and the admins read why', async () => {
    const admin = await createCompanyAdmin('opdomrej')
    const domain = await connectedDomain(admin.company.id, `photos.${admin.company.slug}.test`, 'verified')
    const fan = new TestClient()
    await waitUntil(async () => (await fan.get('/', { host: domain.host })).text.includes(admin.company.name))
    expect((await fan.get(`/api/tls/ask?domain=${domain.host}`)).status).toBe(200)

    const blank = await operator.postForm('/operator/requests.data', {
      intent: 'reject-domain',
      domainId: domain.id,
      reason: '  ',
    })
    expect(blank.status).toBe(400)
    expect(blank.text).toContain('validation.required')
    expect(await domainRow(domain.id)).toMatchObject({ approval: 'pending' })

    const reason = 'The name belongs to another festival.'
    expect(
      (await operator.postForm('/operator/requests.data', { intent: 'reject-domain', domainId: domain.id, reason }))
        .status,
    ).toBe(200)
    expect(await domainRow(domain.id)).toMatchObject({ approval: 'rejected', rejectionReason: reason })
    expect((await latestMail(admin.credentials.email, 'was rejected'))?.text).toContain(reason)
    expect(
      (await operatorAudit('domain.reject')).some(
        (row) => row.recordId === domain.id && (row.details as { reason?: string }).reason === reason,
      ),
    ).toBe(true)

    // Every process forgets the host: fans get the platform, Caddy no certificate.
    await waitUntil(async () => (await fan.get(`/api/tls/ask?domain=${domain.host}`)).status === 404)
    await waitUntil(async () => !(await fan.get('/', { host: domain.host })).text.includes(admin.company.name))
    const settings = await admin.client.get('/admin/settings/domains')
    expect(settings.text).toContain('data-testid="domain-rejected"')
    expect(settings.text).toContain(reason)
    expect(settings.text).not.toContain('data-testid="check-domain"')
    const check = await admin.client.postForm('/admin/settings/domains.data', { intent: 'check', domainId: domain.id })
    expect(check.status).toBe(409)
    expect(check.text).toContain('domains.errors.rejected')
    const status = await admin.client.get('/admin/status')
    expect(status.text).toContain('data-testid="status-customDomainRejected" data-level="error"')
    expect(status.text).toContain(reason)
  })

  it('sends no DNS reminders for a rejected request, which still goes at 14 days', async () => {
    const admin = await createCompanyAdmin('opdomsweep')
    const day = 24 * 3600_000
    const domain = await connectedDomain(
      admin.company.id,
      `late.${admin.company.slug}.test`,
      'pending',
      new Date(Date.now() - 3.5 * day),
    )
    expect(
      (
        await operator.postForm('/operator/requests.data', {
          intent: 'reject-domain',
          domainId: domain.id,
          reason: 'Not theirs.',
        })
      ).status,
    ).toBe(200)
    await sweepCustomDomains(asPlatform('test'))
    expect(await domainRow(domain.id)).toMatchObject({ remindersSent: 0 })
    expect(await latestMail(admin.credentials.email, 'still waiting')).toBeUndefined()
    await withSystem((tx) =>
      tx
        .update(customDomain)
        .set({ createdAt: new Date(Date.now() - 14.5 * day) })
        .where(eq(customDomain.id, domain.id)),
    )
    await sweepCustomDomains(asPlatform('test'))
    expect(await domainRow(domain.id)).toBeUndefined()
  })
})

describe('the inbox of the marketing site', () => {
  it('lists, searches, marks handled and exports submissions', async () => {
    const marker = `inbox-${Date.now()}`
    await withSystem((tx) =>
      tx.insert(formSubmission).values([
        {
          kind: 'contact',
          name: 'Carla Contact',
          email: `${marker}-carla@example.com`,
          message: `Hello about ${marker}`,
          language: 'pt',
        },
        { kind: 'newsletter', email: `${marker}-news@example.com`, language: 'en' },
      ]),
    )
    const found = await operator.get(`/operator/inbox?q=${marker}`)
    expect(found.text.match(/data-testid="inbox-item"/g)).toHaveLength(2)
    expect(found.text).toContain(`href="mailto:${marker}-carla@example.com`)
    const [carla] = await withSystem((tx) =>
      tx
        .select()
        .from(formSubmission)
        .where(eq(formSubmission.email, `${marker}-carla@example.com`)),
    )
    expect((await operator.postForm('/operator/inbox.data', { intent: 'handled', id: carla.id })).status).toBe(200)
    expect((await operator.get(`/operator/inbox?q=${marker}`)).text.match(/data-testid="inbox-item"/g)).toHaveLength(1)
    expect((await operator.get(`/operator/inbox?q=${marker}&state=handled`)).text).toContain('Carla Contact')
    const csv = await operator.get(`/operator/inbox.csv?q=${marker}&state=all&kind=contact`)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.text).toContain('Carla Contact')
    expect(csv.text).not.toContain(`${marker}-news@example.com`)
  })

  it('shows the platform status with its checks and counts', async () => {
    const status = await operator.get('/operator/status')
    expect(status.status).toBe(200)
    for (const key of ['database', 'storage', 'disk', 'mail', 'jobs', 'dns', 'payments', 'ffmpeg'])
      expect(status.text).toContain(`data-testid="status-${key}"`)
    // npm test installs Debian's ffmpeg: the maintained build decodes uploads, not the bundled 2018 one.
    expect(status.text).toContain('data-testid="status-ffmpeg" data-level="ok"')
    if (process.env.FFMPEG_PATH) expect(status.text).toContain(` at ${process.env.FFMPEG_PATH} (FFMPEG_PATH)<`)
    else
      expect(status.text).toMatch(
        /data-testid="status-ffmpeg-detail">\d+\.\d+\S*, the system(&#x27;|')s package \(\/usr\/bin\/ffmpeg\)</,
      )
    // The room left on the media's disk, before a show fills it (tests/integration/disk-full.test.ts fills one).
    expect(status.text).toMatch(
      /data-testid="status-disk-detail">[\d.,]+\u00a0[KMGT]?B free of [\d.,]+\u00a0[KMGT]?B; uploads are refused below [\d.,]+\u00a0[KMGT]?B</,
    )
    expect(status.text).toContain('Built-in test provider: no real payments')
    expect(status.text).toContain('data-testid="status-database" data-level="ok"')
    expect(status.text).toMatch(/data-testid="status-database-detail">Answering in \d+ ms</)
    // The test platform is reached by its address: nothing for the DNS to answer.
    expect(status.text).toContain('data-testid="status-dns-detail">127.0.0.1 is local: no lookup needed<')
    expect(status.text).toMatch(/data-testid="status-jobs-detail">\d+ queued · \d+ failed in the last 24 hours</)

    // Every detail in the operator's language, not the server's.
    const portuguese = new TestClient()
    portuguese.setCookie('lang', 'pt')
    await signIn(portuguese, { email: OPERATOR_EMAIL, password: STRONG_PASSWORD })
    const inPortuguese = await portuguese.get('/operator/status')
    expect(inPortuguese.text).toContain('Provedor de teste integrado: nenhum pagamento real')
    expect(inPortuguese.text).toMatch(/data-testid="status-database-detail">Respondendo em \d+ ms</)
    expect(inPortuguese.text).toContain('127.0.0.1 é local: nenhuma consulta necessária')
    expect(inPortuguese.text).toMatch(
      /data-testid="status-disk-detail">[\d.,]+\u00a0[KMGT]?B livres de [\d.,]+\u00a0[KMGT]?B;/,
    )
    expect(inPortuguese.text).not.toContain('Built-in test provider')
  })
})
