import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contentItem, organization } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { translateMissingTexts } from '#app/features/companies/server/translate-missing-texts.server'
import { asSystem } from '#app/access/tenant.server'
import { libreTranslateProvider } from '#app/lib/translation/libretranslate.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createMemberWithRole } from '../support/fixtures'
import { startFakeLibreTranslate } from '../support/libretranslate-server'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitForAssetsReady } from '../support/assets'

const companyRow = async (id: string) =>
  (await withSystem((tx) => tx.select().from(organization).where(eq(organization.id, id))))[0]

/** A complete, valid company-data form; tests change one field at a time. */
function companyForm(slug: string, changes: Record<string, string> = {}) {
  return {
    name: 'Night Owls Productions',
    slug,
    description_en: 'We film and photograph every show.',
    description_pt: '',
    description_es: '',
    description_fr: '',
    website: 'nightowls.example.com',
    address: '1 Chalk Farm Road',
    city: 'London',
    state: '',
    zipCode: 'NW1 8EH',
    country: 'GB',
    phone: '+44 20 7946 0958',
    registrationNumber: '01234567',
    industry: 'Live music',
    employeeCount: '11-50',
    primaryEmail: 'hello@nightowls.example.com',
    facebookUrl: '',
    instagramUrl: 'https://instagram.com/nightowls',
    linkedinUrl: '',
    twitterUrl: '',
    youtubeUrl: 'youtube.com/@nightowls',
    tiktokUrl: '',
    spotifyUrl: '',
    soundcloudUrl: '',
    whatsappUrl: '+44 7700 900123',
    ...changes,
  }
}

const landingForm = (changes: Record<string, string> = {}) => ({
  landingName_en: 'Every show, every photo',
  landingName_pt: 'Todo show, toda foto',
  landingName_es: '',
  landingName_fr: '',
  landingDescription_en: 'Official photos from the tour.',
  landingDescription_pt: 'Fotos oficiais da turnê.',
  landingDescription_es: '',
  landingDescription_fr: '',
  displayMode: 'events',
  promotionUrl: 'https://tickets.example.com/tour',
  brandPrimaryColor: '#FF3366',
  brandAccentColor: '',
  ...changes,
})

describe('company data settings', () => {
  it('saves every field in its stored form (E.164 phone, https links, wa.me) and shows them to fans in the footer', async () => {
    const admin = await createCompanyAdmin('data')
    const saved = await admin.client.postForm('/admin/settings/company-data.data', companyForm(admin.company.slug))
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('settings.toasts.saved')
    const row = await companyRow(admin.company.id)
    expect(row).toMatchObject({
      name: 'Night Owls Productions',
      website: 'https://nightowls.example.com',
      phone: '+442079460958',
      country: 'GB',
      employeeCount: '11-50',
      youtubeUrl: 'https://youtube.com/@nightowls',
      whatsappUrl: 'https://wa.me/447700900123',
      facebookUrl: null,
      texts: { description: { en: 'We film and photograph every show.' } },
    })
    const landing = await new TestClient().get(`/${admin.company.slug}`)
    expect(landing.text).toContain('We film and photograph every show.')
    expect(landing.text).toContain('href="https://instagram.com/nightowls"')
    expect(landing.text).toContain('data-network="whatsapp"')

    // Blank optional fields are cleared.
    await admin.client.postForm(
      '/admin/settings/company-data.data',
      companyForm(admin.company.slug, { website: '', phone: '' }),
    )
    expect(await companyRow(admin.company.id)).toMatchObject({ website: null, phone: null })
  })

  it.each<[string, string, string, Record<string, string>?]>([
    ['name', '', 'validation.required'],
    ['name', 'X', 'validation.nameLength'],
    ['slug', 'Bad Slug', 'onboarding.errors.slugFormat'],
    ['slug', 'admin', 'onboarding.errors.slugReserved'],
    ['website', 'not a url', 'validation.invalidUrl'],
    ['website', 'javascript:alert(1)', 'validation.invalidUrl'],
    ['instagramUrl', 'ftp://files.example.com', 'validation.invalidUrl'],
    ['phone', '12', 'validation.invalidPhone'],
    ['primaryEmail', 'hello@', 'validation.email'],
    ['country', 'XX', 'settings.errors.country'],
    ['employeeCount', '1000+', 'validation.invalidOption'],
    ['employeeCount', '11-50; drop table companies', 'validation.invalidOption'],
    ['description_en', 'x'.repeat(451), 'settings.errors.descriptionTooLong'],
    ['description_en', '', 'settings.errors.englishRequired', { description_pt: 'Só em português' }],
    ['city', 'x'.repeat(101), 'validation.maxLength'],
  ])('refuses %s = %j with %s and changes nothing', async (field, value, message, extra = {}) => {
    const admin = await createCompanyAdmin('rule')
    const before = await companyRow(admin.company.id)
    const response = await admin.client.postForm(
      '/admin/settings/company-data.data',
      companyForm(admin.company.slug, { [field]: value, ...extra }),
    )
    expect(response.status).toBe(400)
    expect(response.text).toContain(message)
    expect(await companyRow(admin.company.id)).toEqual(before)
  })

  it("keeps a company's former address leading to the new one, and refuses an address another company has or had", async () => {
    const admin = await createCompanyAdmin('moving')
    const other = await createCompanyAdmin('taken')
    const oldSlug = admin.company.slug
    const newSlug = `${oldSlug}-live`
    expect(
      (await admin.client.postForm('/admin/settings/company-data.data', companyForm(oldSlug, { slug: newSlug })))
        .status,
    ).toBe(200)
    const fan = new TestClient()
    const moved = await fan.get(`/${oldSlug}/termos?ref=qr`)
    expect(moved.status).toBe(301)
    expect(moved.headers.location).toBe(`/${newSlug}/termos?ref=qr`)
    expect((await fan.get(`/${newSlug}`)).status).toBe(200)

    const taken = await admin.client.postForm(
      '/admin/settings/company-data.data',
      companyForm(newSlug, { slug: other.company.slug }),
    )
    expect(taken.status).toBe(409)
    expect(taken.text).toContain('onboarding.errors.slugTaken')
    // The other company cannot take the address fans' old links still use.
    const formerlyUsed = await other.client.postForm(
      '/admin/settings/company-data.data',
      companyForm(other.company.slug, { slug: oldSlug }),
    )
    expect(formerlyUsed.status).toBe(409)
    // The company itself may go back to it; it stops being a redirect.
    expect(
      (await admin.client.postForm('/admin/settings/company-data.data', companyForm(newSlug, { slug: oldSlug })))
        .status,
    ).toBe(200)
    expect((await fan.get(`/${oldSlug}`)).status).toBe(200)
    expect((await fan.get(`/${newSlug}`)).headers.location).toBe(`/${oldSlug}`)
  })

  it('lets a company that holds a now-reserved address keep it while it saves its other details', async () => {
    const admin = await createCompanyAdmin('keeper')
    await withSystem((tx) =>
      tx.update(organization).set({ slug: 'static' }).where(eq(organization.id, admin.company.id)),
    )
    const saved = await admin.client.postForm(
      '/admin/settings/company-data.data',
      companyForm('static', { industry: 'Festivals' }),
    )
    expect(saved.status).toBe(200)
    expect(await companyRow(admin.company.id)).toMatchObject({ slug: 'static', industry: 'Festivals' })
    await withSystem((tx) =>
      tx.update(organization).set({ slug: admin.company.slug }).where(eq(organization.id, admin.company.id)),
    )
  })
})

describe('landing page settings', () => {
  it('saves texts per language, fans read them in their language with English as the fallback, and the page changes at once', async () => {
    const admin = await createCompanyAdmin('landing')
    const slug = admin.company.slug
    const fan = new TestClient()
    const before = await fan.get(`/${slug}`)
    expect(before.text).not.toContain('Every show, every photo')
    const saved = await admin.client.postForm('/admin/settings/landing-page.data', landingForm())
    expect(saved.status).toBe(200)
    const english = await fan.get(`/${slug}`, { 'accept-language': 'en' })
    expect(english.text).toContain('Every show, every photo')
    expect(english.text).toContain('href="https://tickets.example.com/tour"')
    // Events lead the page when the display mode says so.
    expect(english.text.indexOf('id="events-heading"')).toBeLessThan(english.text.indexOf('id="galleries-heading"'))
    const portuguese = await fan.get(`/${slug}`, { 'accept-language': 'pt-BR' })
    expect(portuguese.text).toContain('Todo show, toda foto')
    expect(portuguese.text).toContain('Fotos oficiais da turnê.')
    const spanish = await fan.get(`/${slug}`, { 'accept-language': 'es' })
    expect(spanish.text).toContain('Every show, every photo')
    expect(await companyRow(admin.company.id)).toMatchObject({
      brandPrimaryColor: '#ff3366',
      brandAccentColor: null,
      landingDisplayMode: 'events',
    })
  })

  it.each([
    ['landingName_en', '', 'settings.errors.englishRequired'],
    ['landingDescription_pt', 'x'.repeat(451), 'settings.errors.descriptionTooLong'],
    ['promotionUrl', 'tickets', 'validation.invalidUrl'],
    ['brandPrimaryColor', 'red;background:url(//evil.test)', 'settings.errors.color'],
    ['displayMode', 'both', 'validation.invalidOption'],
    ['displayMode', '', 'validation.required'],
  ])('refuses %s = %j with %s and changes nothing', async (field, value, message) => {
    const admin = await createCompanyAdmin('lrule')
    const before = await companyRow(admin.company.id)
    const response = await admin.client.postForm('/admin/settings/landing-page.data', landingForm({ [field]: value }))
    expect(response.status).toBe(400)
    expect(response.text).toContain(message)
    expect(await companyRow(admin.company.id)).toEqual(before)
  })
})

describe('what a Starter company is offered', () => {
  it("leads every upgrade hint of the settings to the admin's subscription page, where the plan is changed", async () => {
    const admin = await createCompanyAdmin('upgrade')
    for (const [path, testId] of [
      ['/admin/settings/landing-page', 'branding-upgrade'],
      ['/admin/settings/template', 'template-upgrade'],
      ['/admin/settings/domains', 'domains-upgrade'],
    ]) {
      const page = await admin.client.get(path)
      const hint = page.text.slice(page.text.indexOf(`data-testid="${testId}"`)).split('</p>')[0]
      expect(hint, path).toContain('href="/admin/subscription"')
      expect(hint, path).not.toContain('#pricing')
    }
  })
})

describe('who may change company settings', () => {
  it('lets managers and users read the settings, and refuses every change on the server with the spec message', async () => {
    const admin = await createCompanyAdmin('roles')
    const hero = await tusUpload(admin.client, await makePhoto(1600, 900), { filename: 'hero.jpg', purpose: 'hero' })
    expect(hero.ok).toBe(true)
    // Fans' pages change once the hero's renditions are ready (one bump, coalesced within a second):
    // the row is compared after that, so only what the refused requests could change is held.
    if (hero.ok && hero.assetId) await waitForAssetsReady([hero.assetId])
    await expect
      .poll(async () => (await companyRow(admin.company.id)).publicMediaVersion, { timeout: 10_000 })
      .toBeGreaterThan(0)
    const before = await companyRow(admin.company.id)
    expect(before.heroAssetId).toBe(hero.ok ? hero.assetId : null)
    for (const role of ['manager', 'user'] as const) {
      const client = await createMemberWithRole(admin.company.id, role)
      const page = await client.get('/admin/settings/company-data')
      expect(page.status).toBe(200)
      expect(page.text).toContain('Only administrators can edit company settings')
      expect((await client.get('/admin/settings/landing-page')).status).toBe(200)
      expect((await client.get('/admin/settings/template')).status).toBe(200)
      for (const [path, form] of [
        ['/admin/settings/template.data', templateForm()],
        ['/admin/settings/company-data.data', companyForm(admin.company.slug, { name: 'Hijacked' })],
        ['/admin/settings/landing-page.data', landingForm({ landingName_en: 'Hijacked' })],
        ['/admin/settings/landing-page.data', { intent: 'remove-hero' }],
      ] as const) {
        const refused = await client.postForm(path, form)
        expect(refused.status, `${role} ${path}`).toBe(403)
        expect(refused.text).toContain('settings.errors.adminOnly')
      }
      for (const purpose of ['logo', 'hero'] as const) {
        const image = await tusUpload(client, await makePhoto(400, 400), { filename: `${purpose}.jpg`, purpose })
        expect(image.ok, `${role} ${purpose}`).toBe(false)
        if (!image.ok) expect(image.status, `${role} ${purpose}`).toBe(403)
      }
    }
    expect(await companyRow(admin.company.id)).toEqual(before)
    // The admin's hero is still there to serve.
    if (hero.ok) expect((await admin.client.get(`/media/${hero.assetId}/original`)).status).toBe(200)
  })

  it("makes an admin's uploaded logo the company's and replaces the previous one", async () => {
    const admin = await createCompanyAdmin('logo')
    const first = await tusUpload(admin.client, await makePhoto(400, 400), { filename: 'logo.jpg', purpose: 'logo' })
    expect(first.ok).toBe(true)
    const second = await tusUpload(admin.client, await makePhoto(500, 500, '#2563eb', { format: 'png' }), {
      filename: 'logo-2.png',
      purpose: 'logo',
    })
    expect(second.ok).toBe(true)
    if (!first.ok || !second.ok) return
    expect((await companyRow(admin.company.id)).logo).toBe(`/p/${second.assetId}/w400.webp`)
    expect((await admin.client.get(`/media/${first.assetId}/original`)).status).toBe(404)
    const document = await tusUpload(admin.client, Buffer.from('%PDF-1.4 not a logo'), {
      filename: 'logo.pdf',
      purpose: 'logo',
    })
    expect(document.ok).toBe(false)
  })

  it('replaces a logo whose previous one is still being processed', async () => {
    const admin = await createCompanyAdmin('logo-busy')
    const first = await tusUpload(admin.client, await makePhoto(400, 400), { filename: 'logo.jpg', purpose: 'logo' })
    if (!first.ok) throw new Error('upload failed')
    await waitForAssetsReady([first.assetId!])
    const photo = await makePhoto(500, 500, '#2563eb')
    // What processing does: lock the file's row, then bump the company's page version. Here the
    // new logo's upload arrives between the two, and must wait for the file, not deadlock.
    const { upload } = await withSystem(async (tx) => {
      await tx.execute(sql`select id from assets where id = ${first.assetId} for update`)
      const upload = tusUpload(admin.client, photo, { filename: 'logo-2.jpg', purpose: 'logo' })
      await expect.poll(() => waitingOnLocks(), { timeout: 20_000 }).toBeGreaterThan(0)
      await tx
        .update(organization)
        .set({ publicMediaVersion: sql`${organization.publicMediaVersion} + 1` })
        .where(eq(organization.id, admin.company.id))
      return { upload }
    })
    const second = await upload
    expect(second.ok).toBe(true)
    if (!second.ok) return
    expect((await companyRow(admin.company.id)).logo).toBe(`/p/${second.assetId}/w400.webp`)
  })
})

const templateForm = (changes: Record<string, string> = {}) => ({
  layout: 'masonry',
  canvas: 'light',
  type: 'classic',
  cover: 'split',
  thumbSize: 'large',
  spacing: 'airy',
  ...changes,
})

/** A published gallery of `slug` with one processed photo, as fans reach it. */
async function publishedGalleryWithPhoto(admin: Awaited<ReturnType<typeof createCompanyAdmin>>) {
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Encore',
        slug: 'encore',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning(),
  )
  const photo = await tusUpload(admin.client, await makePhoto(1200, 800), {
    filename: 'encore.jpg',
    purpose: 'gallery-media',
    contentItemId: gallery.id,
  })
  if (!photo.ok) throw new Error('upload failed')
  await waitForAssetsReady([photo.assetId!])
  return `/${admin.company.slug}/galeria/encore`
}

describe('template settings', () => {
  it("shows a Professional company's fans its template at once, on the landing and in its galleries", async () => {
    const admin = await createCompanyAdmin('tpl')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    const galleryPath = await publishedGalleryWithPhoto(admin)
    const fan = new TestClient()
    const before = await fan.get(galleryPath)
    expect(before.text).toContain('theme-night type-modern')
    expect(before.text).toContain('data-layout="justified"')
    const saved = await admin.client.postForm('/admin/settings/template.data', templateForm())
    expect(saved.status).toBe(200)
    expect((await companyRow(admin.company.id)).template).toEqual(templateForm())
    const gallery = await fan.get(galleryPath)
    expect(gallery.text).toContain('theme-light type-classic')
    expect(gallery.text).toContain('data-layout="masonry"')
    expect(gallery.text).toContain('data-cover="split"')
    expect(gallery.text).toMatch(/--cols-sm:\s*3/)
    const landing = await fan.get(`/${admin.company.slug}`)
    expect(landing.text).toContain('theme-light type-classic')
    expect(landing.text).toContain('data-cover="split"')
    // The hub names the choice.
    expect((await admin.client.get('/admin/settings')).text).toContain('Masonry columns · Light')
  })

  it("keeps a Starter company's choice for when it upgrades, while its fans see the default look", async () => {
    const admin = await createCompanyAdmin('tplstart')
    const galleryPath = await publishedGalleryWithPhoto(admin)
    expect((await admin.client.get('/admin/settings/template')).text).toContain('Templates are part of Professional')
    expect(
      (await admin.client.postForm('/admin/settings/template.data', templateForm({ layout: 'editorial' }))).status,
    ).toBe(200)
    expect((await companyRow(admin.company.id)).template).toMatchObject({ layout: 'editorial', canvas: 'light' })
    const gallery = await new TestClient().get(galleryPath)
    expect(gallery.text).toContain('theme-night type-modern')
    expect(gallery.text).toContain('data-layout="justified"')
    await withSystem((tx) =>
      tx.update(organization).set({ plan: 'professional' }).where(eq(organization.id, admin.company.id)),
    )
    expect((await new TestClient().get(galleryPath)).text).toContain('data-layout="editorial"')
  })

  it.each(['layout', 'canvas', 'type', 'cover', 'thumbSize', 'spacing'])(
    'refuses an unknown %s with a message and changes nothing',
    async (field) => {
      const admin = await createCompanyAdmin('tplrule')
      const before = await companyRow(admin.company.id)
      const response = await admin.client.postForm('/admin/settings/template.data', templateForm({ [field]: 'url(x)' }))
      expect(response.status).toBe(400)
      expect(response.text).toContain('validation.invalidOption')
      expect(await companyRow(admin.company.id)).toEqual(before)
    },
  )

  it("previews the company's newest published gallery in a frame only its own admin pages may hold", async () => {
    const admin = await createCompanyAdmin('tplprev')
    await publishedGalleryWithPhoto(admin)
    const preview = await admin.client.get('/admin/settings/template/preview')
    expect(preview.status).toBe(200)
    expect(preview.text).toContain('Encore')
    expect(preview.text).toContain('data-testid="media-grid"')
    expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'")
    expect((await admin.client.get('/admin/settings/template/preview?page=landing')).text).toContain(
      'data-testid="landing-hero"',
    )
    const stranger = await new TestClient().get('/admin/settings/template/preview')
    expect(stranger.text).not.toContain('Encore')
  })
})

describe("the landing's hero image", () => {
  it("shows fans the company's own hero once processed, in place of the latest gallery's cover, and goes back when removed", async () => {
    const admin = await createCompanyAdmin('hero')
    const uploaded = await tusUpload(admin.client, await makePhoto(1600, 900, '#0ea5e9'), {
      filename: 'crowd.jpg',
      purpose: 'hero',
    })
    expect(uploaded.ok).toBe(true)
    if (!uploaded.ok) return
    expect((await companyRow(admin.company.id)).heroAssetId).toBe(uploaded.assetId)
    await waitForAssetsReady([uploaded.assetId!])
    const fan = new TestClient()
    const landing = await fan.get(`/${admin.company.slug}`)
    expect(landing.text).toContain(`/p/${uploaded.assetId}/`)
    // Public like the logo: its renditions are served to anyone, nothing being published.
    expect((await fan.get(`/p/${uploaded.assetId}/w1200.webp`)).status).toBe(200)
    const manager = await createMemberWithRole(admin.company.id, 'manager')
    expect((await manager.postForm('/admin/settings/landing-page.data', { intent: 'remove-hero' })).status).toBe(403)
    expect((await admin.client.postForm('/admin/settings/landing-page.data', { intent: 'remove-hero' })).status).toBe(
      200,
    )
    expect((await companyRow(admin.company.id)).heroAssetId).toBeNull()
    expect((await fan.get(`/${admin.company.slug}`)).text).not.toContain(`/p/${uploaded.assetId}/`)
  })
})

describe('translation of missing languages', () => {
  it('fills the languages an admin left empty, marks them machine-translated, and an edit takes the mark away', async () => {
    const translator = await startFakeLibreTranslate({ apiKey: 'key-1' })
    try {
      const admin = await createCompanyAdmin('translate')
      await admin.client.postForm(
        '/admin/settings/landing-page.data',
        landingForm({ landingName_pt: '', landingDescription_pt: 'Fotos oficiais da turnê.' }),
      )
      const provider = libreTranslateProvider({ url: translator.url, apiKey: 'key-1' })
      const { translated } = await translateMissingTexts(
        (await asSystem(admin.company.id, 'test'))!,
        ['landingName', 'landingDescription'],
        provider,
      )
      expect(translated.landingName?.sort()).toEqual(['es', 'fr', 'pt'])
      expect(translated.landingDescription?.sort()).toEqual(['es', 'fr'])
      const row = await companyRow(admin.company.id)
      expect(row.texts.landingName).toEqual({
        en: 'Every show, every photo',
        pt: '[pt] Every show, every photo',
        es: '[es] Every show, every photo',
        fr: '[fr] Every show, every photo',
      })
      // The admin's own Portuguese description is never overwritten.
      expect(row.texts.landingDescription?.pt).toBe('Fotos oficiais da turnê.')
      expect(row.machineTranslated.landingName?.sort()).toEqual(['es', 'fr', 'pt'])

      // The admin rewrites the Portuguese name: it is theirs now; the others stay marked.
      await admin.client.postForm(
        '/admin/settings/landing-page.data',
        landingForm({
          landingName_pt: 'Cada show, cada foto',
          landingName_es: row.texts.landingName!.es!,
          landingName_fr: row.texts.landingName!.fr!,
          landingDescription_pt: 'Fotos oficiais da turnê.',
          landingDescription_es: row.texts.landingDescription!.es!,
          landingDescription_fr: row.texts.landingDescription!.fr!,
        }),
      )
      const edited = await companyRow(admin.company.id)
      expect(edited.machineTranslated.landingName?.sort()).toEqual(['es', 'fr'])
      expect(edited.texts.landingName?.pt).toBe('Cada show, cada foto')

      // A provider that fails leaves the texts as they are.
      translator.mode = 'crash'
      await admin.client.postForm('/admin/settings/company-data.data', companyForm(admin.company.slug))
      const failed = await translateMissingTexts((await asSystem(admin.company.id, 'test'))!, ['description'], provider)
      expect(failed.translated).toEqual({})
      expect((await companyRow(admin.company.id)).texts.description).toEqual({
        en: 'We film and photograph every show.',
      })
    } finally {
      await translator.close()
    }
  })
})

/** How many statements of this test's database wait for a row lock. */
async function waitingOnLocks() {
  const result = await withSystem((tx) =>
    tx.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    ),
  )
  return Number((result.rows[0] as { waiting: number }).waiting)
}
