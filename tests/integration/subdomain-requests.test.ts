import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import {
  checkCompanySubdomain,
  SubdomainCheckFailed,
} from '#app/features/domains/server/check-company-subdomain.server'
import { asSystem } from '#app/access/tenant.server'
import { createResolver } from '#app/features/domains/server/dns-resolver.server'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { startDnsServer, type TestDnsServer } from '../support/dns-server'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'

const systemOf = async (companyId: string) => (await asSystem(companyId, 'test'))!

const companyRow = async (id: string) =>
  (await withSystem((tx) => tx.select().from(organization).where(eq(organization.id, id))))[0]
const PLATFORM = 'afterglow.test'

describe('requesting a subdomain', () => {
  it('waits for the operator, says so on the page, and shows fans the "being configured" banner', async () => {
    const admin = await createCompanyAdmin('subreq')
    const label = `${admin.company.slug}-live`
    const response = await admin.client.postForm('/admin/settings/subdomain.data', { intent: 'request', label })
    expect(response.status).toBe(200)
    expect(response.text).toContain('subdomain.toasts.pending')
    expect(await companyRow(admin.company.id)).toMatchObject({
      subdomain: label,
      subdomainStatus: 'pending',
      subdomainRejectionReason: null,
      subdomainDecidedAt: null,
    })
    const page = await admin.client.get('/admin/settings/subdomain')
    expect(page.text).toContain('data-status="pending"')
    expect((await admin.client.get('/admin/settings')).text).toContain('Subdomain: waiting for approval')
    const landing = await admin.client.get(`/${admin.company.slug}`)
    expect(landing.text).toContain('data-testid="subdomain-banner"')
  })

  it.each([
    ['www', 'reserved'],
    ['operator', 'reserved'],
    ['the-fucking-band', 'offensive'],
  ])('refuses %s at once as %s, with the reason on the page', async (label, reason) => {
    const admin = await createCompanyAdmin('subrej')
    const response = await admin.client.postForm('/admin/settings/subdomain.data', { intent: 'request', label })
    expect(response.text).toContain('subdomain.toasts.rejected')
    expect(await companyRow(admin.company.id)).toMatchObject({
      subdomainStatus: 'rejected',
      subdomainRejectionReason: reason,
    })
    const page = await admin.client.get('/admin/settings/subdomain')
    expect(page.text).toContain(
      reason === 'reserved' ? 'the name is reserved by the platform.' : 'the name is not allowed.',
    )
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ subdomain: null, subdomainStatus: null })
        .where(eq(organization.id, admin.company.id)),
    )
  })

  it('refuses a label another company answers to, a malformed one, and anyone but an admin', async () => {
    const admin = await createCompanyAdmin('subtaken')
    const other = await createCompanyAdmin('subother')
    const taken = await admin.client.postForm('/admin/settings/subdomain.data', {
      intent: 'request',
      label: other.company.slug,
    })
    expect(taken.status).toBe(409)
    expect(taken.text).toContain('subdomain.errors.taken')
    for (const [label, message] of [
      ['ab', 'subdomain.errors.short'],
      ['Night_Owls', 'onboarding.errors.slugFormat'],
    ]) {
      const bad = await admin.client.postForm('/admin/settings/subdomain.data', { intent: 'request', label })
      expect(bad.status, label).toBe(400)
      expect(bad.text).toContain(message)
    }
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    expect((await manager.get('/admin/settings/subdomain')).text).toContain(
      'Only administrators can edit company settings',
    )
    const refused = await manager.postForm('/admin/settings/subdomain.data', {
      intent: 'request',
      label: `${admin.company.slug}-x`,
    })
    expect(refused.status).toBe(403)
    expect((await manager.postForm('/admin/settings/subdomain.data', { intent: 'retry' })).status).toBe(403)
    expect(await companyRow(admin.company.id)).toMatchObject({ subdomain: null, subdomainStatus: null })
  })
})

describe('where requests go live at once (SUBDOMAIN_AUTO_APPROVE, the zero-configuration default)', () => {
  let second: Awaited<ReturnType<typeof startSecondApp>>
  beforeAll(async () => {
    second = await startSecondApp({ SUBDOMAIN_AUTO_APPROVE: 'true', PLATFORM_DOMAIN: PLATFORM })
  })
  afterAll(async () => {
    await second.app.stop()
  })

  it("makes the company's page answer on the new subdomain right away", async () => {
    const admin = await createCompanyAdmin('subauto')
    const client = new TestClient(second.url)
    for (const [name, value] of admin.client.cookies) client.setCookie(name, value)
    const label = `${admin.company.slug}-pro`
    const response = await client.postForm('/admin/settings/subdomain.data', { intent: 'request', label })
    expect(response.text).toContain('subdomain.toasts.active')
    const landing = await new TestClient(second.url).get('/', { host: `${label}.${PLATFORM}` })
    expect(landing.status).toBe(200)
    expect(landing.text).toContain(admin.company.name)
    // Its links and share cards now name the subdomain; the banner is gone.
    expect(landing.text).not.toContain('data-testid="subdomain-banner"')
  })
})

describe("checking a live subdomain's DNS", () => {
  let dns: TestDnsServer
  beforeAll(async () => {
    dns = await startDnsServer({ [PLATFORM]: { A: ['203.0.113.10'] } })
  })
  afterAll(async () => {
    await dns.close()
  })

  async function liveCompany(label: string, decidedAt = new Date()) {
    const admin = await createCompanyAdmin('subdns')
    await withSystem((tx) =>
      tx
        .update(organization)
        .set({ subdomain: label, subdomainStatus: 'active', subdomainDecidedAt: decidedAt })
        .where(eq(organization.id, admin.company.id)),
    )
    return admin
  }

  it('records configured, waiting, not found and needs configuration from real lookups, without touching the public version', async () => {
    const resolver = createResolver([dns.address])
    const admin = await liveCompany('owls-dns')
    const before = (await companyRow(admin.company.id)).publicVersion
    // No record yet, just activated: propagating.
    expect(
      (await checkCompanySubdomain(await systemOf(admin.company.id), { resolver, platformHost: PLATFORM }))?.state,
    ).toBe('waiting-verification')
    // Still none seven hours later: not found.
    expect(
      (
        await checkCompanySubdomain(await systemOf(admin.company.id), {
          resolver,
          platformHost: PLATFORM,
          now: new Date(Date.now() + 7 * 3600_000),
        })
      )?.state,
    ).toBe('not-found')
    dns.records[`owls-dns.${PLATFORM}`] = { A: ['198.51.100.7'] }
    expect(
      (await checkCompanySubdomain(await systemOf(admin.company.id), { resolver, platformHost: PLATFORM }))?.state,
    ).toBe('needs-configuration')
    dns.records[`owls-dns.${PLATFORM}`] = { A: ['203.0.113.10'] }
    expect(
      (await checkCompanySubdomain(await systemOf(admin.company.id), { resolver, platformHost: PLATFORM }))?.state,
    ).toBe('configured')
    const row = await companyRow(admin.company.id)
    expect(row).toMatchObject({ subdomainDnsState: 'configured', subdomainLastError: null, subdomainAttempts: 4 })
    expect(row.publicVersion).toBe(before)
    expect((await admin.client.get('/admin/settings/subdomain')).text).toContain(
      'data-testid="subdomain-dns-state">Configured<',
    )
  })

  it('when the DNS cannot be asked: keeps the last state, counts the attempt, and the admin sees the error with Retry', async () => {
    const admin = await liveCompany('owls-down')
    await checkCompanySubdomain(await systemOf(admin.company.id), {
      resolver: createResolver([dns.address]),
      platformHost: PLATFORM,
    })
    const unreachable = createResolver(['127.0.0.1:9'])
    await expect(
      checkCompanySubdomain(await systemOf(admin.company.id), { resolver: unreachable, platformHost: PLATFORM }),
    ).rejects.toBeInstanceOf(SubdomainCheckFailed)
    const row = await companyRow(admin.company.id)
    expect(row.subdomainDnsState).toBe('waiting-verification')
    expect(row.subdomainAttempts).toBe(2)
    expect(row.subdomainLastError).toMatch(/ECONNREFUSED/)
    const page = await admin.client.get('/admin/settings/subdomain')
    expect(page.text).toContain('Data saved, but subdomain creation failed')
    expect(page.text).toContain('data-testid="subdomain-attempts">2<')
    expect(page.text).toContain('>Retry<')
  })
})
