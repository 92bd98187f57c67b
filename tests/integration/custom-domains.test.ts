import os from 'node:os'
import { asPlatform } from '#app/access/tenant.server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { customDomain, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { checkCustomDomain, DomainCheckFailed } from '#app/features/domains/server/check-custom-domain.server'
import { createResolver } from '#app/features/domains/server/dns-resolver.server'
import { sweepCustomDomains } from '#app/features/domains/server/sweep-custom-domains.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createMemberWithRole, latestMail } from '../support/fixtures'
import { startDnsServer, type TestDnsServer } from '../support/dns-server'
import { waitUntil } from '../support/wait'

const TARGET = 'domains.afterglow.test'
/** This machine's address on a network interface, if it has one: a connection from it is not loopback. */
const NETWORK_ADDRESS = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address
const domainRow = async (host: string) =>
  (await withSystem((tx) => tx.select().from(customDomain).where(eq(customDomain.host, host))))[0]

/**
 * Adding a domain queues the app's own first check, which asks this machine's resolvers (not the
 * test's DNS server): let it finish, so it cannot overwrite what a check below records. The next
 * background check comes a minute or more later (RECHECK_SECONDS, or the retry backoff).
 */
async function addAndSettle(client: TestClient, host: string) {
  expect((await client.postForm('/admin/settings/domains.data', { intent: 'add', host })).status).toBe(200)
  await waitUntil(async () => (await domainRow(host))?.checkedAt)
}

async function enterpriseAdmin(prefix: string) {
  const admin = await createCompanyAdmin(prefix)
  await withSystem((tx) =>
    tx.update(organization).set({ plan: 'enterprise' }).where(eq(organization.id, admin.company.id)),
  )
  return admin
}

describe('connecting a custom domain', () => {
  it('is for Enterprise admins: others are refused, bad names explained, and the records to add are shown', async () => {
    const starter = await createCompanyAdmin('dom-starter')
    const refused = await starter.client.postForm('/admin/settings/domains.data', {
      intent: 'add',
      host: 'photos.starter-band.test',
    })
    expect(refused.status).toBe(402)
    expect(refused.text).toContain('domains.errors.plan')
    expect(refused.text).toContain('/admin/subscription')
    expect((await starter.client.get('/admin/settings/domains')).text).toContain('data-testid="domains-upgrade"')

    const admin = await enterpriseAdmin('dom-ent')
    const host = `photos.${admin.company.slug}.test`
    for (const [value, message] of [
      ['not a host', 'domains.errors.invalidHost'],
      ['http://', 'domains.errors.invalidHost'],
    ]) {
      const bad = await admin.client.postForm('/admin/settings/domains.data', { intent: 'add', host: value })
      expect(bad.status, value).toBe(400)
      expect(bad.text).toContain(message)
    }
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    expect((await manager.postForm('/admin/settings/domains.data', { intent: 'add', host })).status).toBe(403)

    expect(
      (
        await admin.client.postForm('/admin/settings/domains.data', {
          intent: 'add',
          host: `HTTPS://${host.toUpperCase()}/`,
        })
      ).status,
    ).toBe(200)
    const row = await domainRow(host)
    expect(row).toMatchObject({ state: 'pending', tlsState: 'pending', companyId: admin.company.id })
    const page = await admin.client.get('/admin/settings/domains')
    expect(page.text).toContain(`_afterglow.${host}`)
    expect(page.text).toContain(`afterglow-verify=${row.token}`)
    // Another company cannot take it.
    const other = await enterpriseAdmin('dom-other')
    const taken = await other.client.postForm('/admin/settings/domains.data', { intent: 'add', host })
    expect(taken.status).toBe(409)
    expect((await other.client.get('/admin/settings/domains')).text).not.toContain(host)
  })

  it("refuses managers and users on the server: they may not check or disconnect the company's domains", async () => {
    const admin = await enterpriseAdmin('dom-roles')
    const host = `photos.${admin.company.slug}.test`
    // Unverified, so an admin would have "Check now".
    await withSystem((tx) =>
      tx
        .insert(customDomain)
        .values({ companyId: admin.company.id, host, token: 'roles', state: 'pending', checkedAt: new Date(0) }),
    )
    const before = await domainRow(host)
    expect((await admin.client.get('/admin/settings/domains')).text).toContain('data-testid="check-domain"')
    for (const role of ['manager', 'user'] as const) {
      const member = await createMemberWithRole(admin.company.id, role)
      const page = await member.get('/admin/settings/domains')
      expect(page.status, role).toBe(200)
      expect(page.text, role).toContain(host)
      expect(page.text, role).not.toContain('data-testid="check-domain"')
      for (const intent of ['check', 'remove']) {
        const refused = await member.postForm('/admin/settings/domains.data', { intent, domainId: before.id })
        expect(refused.status, `${role} ${intent}`).toBe(403)
        expect(refused.text, `${role} ${intent}`).toContain('settings.errors.adminOnly')
      }
    }
    // Nothing was checked or removed: the row is as it was.
    expect(await domainRow(host)).toEqual(before)
  })
})

describe('verifying a custom domain against a real DNS server', () => {
  let dns: TestDnsServer
  beforeAll(async () => {
    dns = await startDnsServer({ [TARGET]: { A: ['203.0.113.20'] } })
  })
  afterAll(async () => {
    await dns.close()
  })

  it('goes from pending to verified as the records appear, never downgrades on a DNS failure, and flags conflicting records', async () => {
    const admin = await enterpriseAdmin('dom-verify')
    const host = `photos.${admin.company.slug}.test`
    await addAndSettle(admin.client, host)
    const { id, token } = await domainRow(host)
    const resolver = createResolver([dns.address])
    expect((await checkCustomDomain(asPlatform('test').platform, id, { resolver, target: TARGET }))?.state).toBe(
      'pending',
    )
    expect((await domainRow(host)).problems).toEqual(expect.arrayContaining(['txt-missing']))

    dns.records[`_afterglow.${host}`] = { TXT: [['afterglow-verify=wrong']] }
    dns.records[host] = { CNAME: TARGET }
    expect((await checkCustomDomain(asPlatform('test').platform, id, { resolver, target: TARGET }))?.state).toBe(
      'invalid',
    )

    dns.records[`_afterglow.${host}`] = { TXT: [[`afterglow-verify=${token}`]] }
    expect((await checkCustomDomain(asPlatform('test').platform, id, { resolver, target: TARGET }))?.state).toBe(
      'verified',
    )
    expect((await domainRow(host)).verifiedAt).not.toBeNull()

    // The DNS is down: the domain stays verified, the failure is counted.
    await expect(
      checkCustomDomain(asPlatform('test').platform, id, { resolver: createResolver(['127.0.0.1:9']), target: TARGET }),
    ).rejects.toBeInstanceOf(DomainCheckFailed)
    expect(await domainRow(host)).toMatchObject({
      state: 'verified',
      lastError: expect.stringMatching(/ECONNREFUSED|dns/i),
    })

    // Now its pages answer on the host, as on its subdomain, and Caddy may get a certificate for it.
    const fan = new TestClient()
    await waitUntil(async () => (await fan.get('/', { host })).status === 200)
    expect((await fan.get('/', { host })).text).toContain(admin.company.name)
    expect((await fan.get(`/api/tls/ask?domain=${host}`)).status).toBe(200)
    await waitUntil(async () => (await domainRow(host)).tlsState === 'active')
    expect((await fan.get('/api/tls/ask?domain=unknown.example.test')).status).toBe(404)
    expect((await fan.get('/api/tls/ask?domain=')).status).toBe(404)

    // Records that send part of the traffic elsewhere.
    const second = `shop.${admin.company.slug}.test`
    await addAndSettle(admin.client, second)
    const secondRow = await domainRow(second)
    dns.records[second] = { CNAME: TARGET, A: ['198.51.100.9'] }
    dns.records[`_afterglow.${second}`] = { TXT: [[`afterglow-verify=${secondRow.token}`]] }
    expect(
      (await checkCustomDomain(asPlatform('test').platform, secondRow.id, { resolver, target: TARGET }))?.state,
    ).toBe('conflicting')
    expect((await fan.get('/', { host: second })).text).not.toContain(admin.company.name)

    // Disconnected: the host stops answering for the company, and no certificate is allowed.
    expect(
      (await admin.client.postForm('/admin/settings/domains.data', { intent: 'remove', domainId: id })).status,
    ).toBe(200)
    await waitUntil(async () => (await fan.get(`/api/tls/ask?domain=${host}`)).status === 404)
    expect((await fan.get('/', { host })).text).not.toContain(admin.company.name)
  })

  it('reminds the admins at 3 and 10 days and removes an unverified request at 14', async () => {
    const admin = await enterpriseAdmin('dom-expire')
    const host = `late.${admin.company.slug}.test`
    await admin.client.postForm('/admin/settings/domains.data', { intent: 'add', host })
    const day = 24 * 3600_000
    await withSystem((tx) =>
      tx
        .update(customDomain)
        .set({ createdAt: new Date(Date.now() - 3.5 * day) })
        .where(eq(customDomain.host, host)),
    )
    await sweepCustomDomains(asPlatform('test'))
    expect((await domainRow(host)).remindersSent).toBe(1)
    expect((await latestMail(admin.credentials.email, 'still waiting'))?.text).toContain(host)
    await sweepCustomDomains(asPlatform('test'))
    expect((await domainRow(host)).remindersSent).toBe(1)
    await withSystem((tx) =>
      tx
        .update(customDomain)
        .set({ createdAt: new Date(Date.now() - 10.5 * day) })
        .where(eq(customDomain.host, host)),
    )
    await sweepCustomDomains(asPlatform('test'))
    expect((await domainRow(host)).remindersSent).toBe(2)
    await withSystem((tx) =>
      tx
        .update(customDomain)
        .set({ createdAt: new Date(Date.now() - 14.5 * day) })
        .where(eq(customDomain.host, host)),
    )
    await sweepCustomDomains(asPlatform('test'))
    expect(await domainRow(host)).toBeUndefined()
    expect((await latestMail(admin.credentials.email, 'was disconnected'))?.text).toContain(host)
  })
})

describe("Caddy's certificate question from elsewhere", () => {
  it.skipIf(!NETWORK_ADDRESS)(
    'is refused with 403 when it does not come from this machine, even for a verified domain',
    async () => {
      const admin = await enterpriseAdmin('dom-remote')
      const host = `photos.${admin.company.slug}.test`
      await withSystem((tx) =>
        tx
          .insert(customDomain)
          .values({ companyId: admin.company.id, host, token: 'remote', state: 'verified', verifiedAt: new Date() }),
      )
      const local = new TestClient()
      await waitUntil(async () => (await local.get(`/api/tls/ask?domain=${host}`)).status === 200)
      const port = new URL(inject('baseUrl')).port
      const remote = new TestClient(`http://${NETWORK_ADDRESS}:${port}`, NETWORK_ADDRESS)
      for (const domain of [host, 'unknown.example.test']) {
        const answer = await remote.get(`/api/tls/ask?domain=${domain}`)
        expect(answer.status, domain).toBe(403)
        expect(answer.text).toBe('')
      }
    },
  )
})
