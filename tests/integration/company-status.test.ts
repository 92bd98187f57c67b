import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asset, customDomain, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'

async function failedPhoto(companyId: string, name: string) {
  const id = randomUUID()
  await withSystem(async (tx) => {
    const [gallery] = await tx
      .insert(contentItem)
      .values({ companyId, kind: 'gallery', title: `Gallery of ${name}` })
      .returning({ id: contentItem.id })
    await tx.insert(asset).values({
      id,
      companyId,
      contentItemId: gallery.id,
      purpose: 'gallery-media',
      mediaType: 'image',
      originalName: name,
      mimeType: 'image/jpeg',
      sizeBytes: 10,
      storageKey: `${companyId}/${id}/original.jpg`,
      processingStatus: 'failed',
      processingError: 'Input file is truncated',
    })
  })
  return id
}

describe("the company's system status", () => {
  it("shows every check with its level and time, lists only this company's failed files, and retries them", async () => {
    const admin = await createCompanyAdmin('status')
    const other = await createCompanyAdmin('status-other')
    const ours = await failedPhoto(admin.company.id, 'broken-encore.jpg')
    await failedPhoto(other.company.id, 'someone-elses.jpg')

    const page = await admin.client.get('/admin/status')
    expect(page.status).toBe(200)
    for (const key of ['platform', 'jobs', 'media']) expect(page.text).toContain(`data-testid="status-${key}"`)
    // The platform in one line, in the company's words; how it runs is the operator's (latencies, the
    // dev outbox, the test payment provider, the DNS resolver), not the customer's.
    expect(page.text).toContain('data-testid="status-platform" data-level="ok"')
    expect(page.text).toContain('Pages, uploads, e-mail and payments are working.')
    for (const internal of ['database', 'storage', 'mail', 'payments', 'dnsChecker'])
      expect(page.text).not.toContain(`data-testid="status-${internal}"`)
    expect(page.text).not.toContain('test provider')
    expect(page.text).not.toContain('outbox')
    expect(page.text).not.toMatch(/\d+ ms\b/)
    expect(page.text).not.toContain('data-testid="status-subdomain"')
    expect(page.text).not.toContain('data-testid="status-dns"')
    expect(page.text).toContain('data-testid="status-media" data-level="error"')
    expect(page.text).toContain('1 files could not be processed')
    expect(page.text).toContain('broken-encore.jpg')
    expect(page.text).not.toContain('someone-elses.jpg')
    expect(page.text).toContain('data-testid="status-overall" data-level="error"')

    // Anyone who may upload may retry; the file goes back to the queue.
    const user = await createMemberWithRole(admin.company.id, 'user')
    expect((await user.get('/admin/status')).status).toBe(200)
    expect((await user.postForm('/admin/status.data', { intent: 'retry', assetId: ours })).status).toBe(200)
    const [row] = await withSystem((tx) =>
      tx.select({ status: asset.processingStatus }).from(asset).where(eq(asset.id, ours)),
    )
    expect(['pending', 'processing', 'failed']).toContain(row.status)
    // Another company's file is not this company's to retry.
    const [theirs] = await withSystem((tx) =>
      tx.select({ id: asset.id }).from(asset).where(eq(asset.originalName, 'someone-elses.jpg')),
    )
    expect((await admin.client.postForm('/admin/status.data', { intent: 'retry', assetId: theirs.id })).status).toBe(
      404,
    )
  })

  it('adds the subdomain and its DNS once the company has one', async () => {
    const admin = await createCompanyAdmin('status-sub')
    await admin.client.postForm('/admin/settings/subdomain.data', {
      intent: 'request',
      label: `${admin.company.slug}-live`,
    })
    const page = await admin.client.get('/admin/status')
    expect(page.text).toContain('data-testid="status-subdomain" data-level="warning"')
    expect(page.text).toContain('is waiting for approval')
  })

  it('adds each custom domain with its verification and certificate state', async () => {
    const admin = await createCompanyAdmin('status-dom')
    await withSystem((tx) =>
      tx.insert(customDomain).values([
        {
          companyId: admin.company.id,
          host: `photos.${admin.company.slug}.test`,
          token: 't1',
          state: 'verified',
          tlsState: 'active',
        },
        { companyId: admin.company.id, host: `live.${admin.company.slug}.test`, token: 't2', state: 'conflicting' },
      ]),
    )
    const page = await admin.client.get('/admin/status')
    expect(page.text).toContain(`photos.${admin.company.slug}.test is verified and served over HTTPS.`)
    expect(page.text).toContain(`live.${admin.company.slug}.test has a DNS problem`)
    expect(page.text).toContain(`Custom domain live.${admin.company.slug}.test`)
  })
})
