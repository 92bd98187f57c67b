import { eq } from 'drizzle-orm'
import net from 'node:net'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { asset, contentItem, lead, organization, user } from '#db/schema'
import { getDb, withSystem } from '#app/lib/db.server'
import { TestClient } from '../support/http-client'
import { createCompanyAdmin, createVerifiedUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../support/fixtures'

/*
 * Input no person types (NUL bytes, malformed ids, bodies that are not forms) is answered with a
 * clear 4xx in the visitor's language and changes nothing; it never reaches PostgreSQL as a 500.
 */

let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryId: string

beforeAll(async () => {
  admin = await createCompanyAdmin('hostile')
  const [row] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId: admin.company.id,
        kind: 'gallery',
        title: 'Porto Night',
        slug: 'porto-night',
        status: 'published',
      })
      .returning({ id: contentItem.id }),
  )
  galleryId = row.id
})

describe('hostile input', () => {
  it('answers a NUL or control character anywhere in an address with the not-found page, in the visitor language', async () => {
    const slug = admin.company.slug
    const fan = new TestClient()
    for (const path of [
      '/%00',
      `/${slug}%00`,
      '/x%00',
      `/${slug}/galeria/%00`,
      `/${slug}/galeria/x%00`,
      `/${slug}/evento/x%00`,
      '/event/%00',
      `/${slug}/galeria/porto-night%1F`,
      '/%E0%A4%A',
    ]) {
      const response = await fan.get(path)
      expect(response.status, path).toBe(404)
      expect(response.text, path).toContain('Page not found')
    }
    const portuguese = await fan.get(`/${slug}%00`, { 'accept-language': 'pt-BR' })
    expect(portuguese.status).toBe(404)
    expect(portuguese.text).toContain('Página não encontrada')
    // The page exists; only its query is malformed.
    for (const path of ['/admin/content?q=%00', '/admin/leads?q=%00', `/${slug}?x=%00`])
      expect((await admin.client.get(path)).status, path).toBe(400)
  })

  it('says so when an admin search is longer than the lists search, and lists nothing rather than everything', async () => {
    // A lead, so the leads page shows its search rather than its first-time welcome.
    await withSystem((tx) =>
      tx.insert(lead).values({
        companyId: admin.company.id,
        contentItemId: galleryId,
        fullName: 'Porto Fan',
        email: 'porto@fans.test',
      }),
    )
    const long = 'Porto'.repeat(21)
    for (const list of ['/admin/content', '/admin/leads']) {
      const fits = await admin.client.get(`${list}?q=${'Porto'.repeat(20)}`)
      expect(fits.status, list).toBe(200)
      expect(fits.text, list).not.toContain('data-testid="search-too-long"')
      const refused = await admin.client.get(`${list}?q=${long}`, { 'accept-language': 'fr' })
      expect(refused.status, list).toBe(200)
      expect(refused.text, list).toContain('data-testid="search-too-long"')
      expect(refused.text, list).toContain('Une recherche peut compter jusqu’à 100 caractères ; celle-ci en a 105.')
    }
    // The gallery is listed under a search that fits, and not under one past the limit.
    const listed = `data-content-id="${galleryId}"`
    expect((await admin.client.get('/admin/content?q=Porto')).text).toContain(listed)
    expect(
      (await admin.client.get(`/admin/content?q=${encodeURIComponent('Porto Night'.repeat(10))}`)).text,
    ).not.toContain(listed)
  })

  it('answers 404 for an id that is not one, on every admin page that takes one', async () => {
    for (const path of ['/admin/content/not-a-uuid', '/admin/events/not-a-uuid', `/admin/content/${galleryId}x`]) {
      const response = await admin.client.get(path)
      expect(response.status, path).toBe(404)
    }
    const post = await admin.client.postForm('/admin/content/not-a-uuid', { intent: 'save', title: 'x' })
    expect(post.status).toBe(404)
  })

  it('drops NUL bytes from posted forms, and refuses bodies that are not forms with a 400', async () => {
    const created = await admin.client.postForm('/admin/content/new', { kind: 'gallery', title: 'Lisbon\u0000 Night' })
    expect(created.status).toBeLessThan(500)
    const titles = await withSystem((tx) => tx.select({ title: contentItem.title }).from(contentItem))
    expect(titles.map((row) => row.title)).not.toContain('Lisbon\u0000 Night')

    const events = await admin.client.postForm('/admin/events/new', { title: '\u0000', eventDate: '2026-12-01' })
    expect(events.status).toBeLessThan(500)
    const onboarding = await new TestClient().postForm('/onboarding', { name: '\u0000', slug: '\u0000' })
    expect(onboarding.status).toBeLessThan(500)
    const contact = await new TestClient().postForm('/', {
      intent: 'contact',
      name: 'Ana\u0000',
      email: 'ana@example.test',
      message: 'Hello\u0000 there, a message long enough.',
    })
    expect(contact.status).toBeLessThan(500)

    const json = await admin.client.request('/admin/content/new', { json: { kind: 'gallery', title: 'JSON' } })
    expect(json.status).toBe(400)
    const broken = await admin.client.request('/admin/events/new', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      form: undefined,
    })
    expect(broken.status).toBe(400)
  })
})

describe('requests a route does not take', () => {
  it('are refused with 405, the methods it takes and a message in the visitor language, on every resource route', async () => {
    const fan = new TestClient()
    const portuguese = { 'accept-language': 'pt-BR' }
    const qr = await fan.request(`/api/qr/gallery/${galleryId}`, {
      method: 'POST',
      form: { x: '1' },
      headers: portuguese,
    })
    expect(qr.status).toBe(405)
    expect(qr.headers.allow).toBe('GET, HEAD')
    expect(qr.json().message).toBe('Este endereço não aceita este tipo de pedido.')
    const webhook = await fan.get('/api/billing/webhook')
    expect(webhook.status).toBe(405)
    expect(webhook.headers.allow).toBe('POST')
    expect(webhook.json().message).toBe('This address does not take this kind of request.')
    expect((await admin.client.request('/admin/leads/export.csv', { method: 'DELETE' })).status).toBe(405)
  })

  it('show the refusal screen in the visitor language when a page takes no posts, though no loader ran', async () => {
    const response = await new TestClient().postForm('/privacy', { x: '1' }, { 'accept-language': 'fr' })
    expect(response.status).toBe(405)
    expect(response.text).toContain('<html lang="fr"')
    expect(response.text).toContain('Cette demande n’a pas pu être acceptée')
  })

  it('says in the visitor language that a download link leads nowhere, and an unknown auth endpoint too', async () => {
    const download = await new TestClient().get('/download/file/not-an-id', { 'accept-language': 'es' })
    expect(download.status).toBe(404)
    expect(download.text).toBe('No se encontró nada en esta dirección.')
    const auth = await new TestClient().get('/api/auth/no-such-endpoint', { 'accept-language': 'pt' })
    expect(auth.status).toBe(404)
    expect(auth.json().message).toBe('Nada foi encontrado neste endereço.')
  })
})

describe('methods the app never takes', () => {
  /** One request as sent, method and all: undici's fetch refuses TRACE and TRACK itself. */
  function rawMethod(method: string, path: string, headers: Record<string, string> = {}) {
    const base = new URL(inject('baseUrl'))
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(base.port), base.hostname, () =>
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: ${base.host}\r\n${Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}Connection: close\r\n\r\n`,
        ),
      )
      let answer = ''
      socket.setEncoding('latin1')
      socket.on('data', (chunk: string) => (answer += chunk))
      socket.on('end', () => resolve(answer))
      socket.on('error', reject)
    })
  }

  it('are refused with 405 and the methods it does take, signed in or not, before any page or route runs', async () => {
    const slug = admin.company.slug
    const signedIn = { cookie: admin.client.cookieHeader() }
    for (const method of ['TRACE', 'TRACK', 'PROPFIND', 'MKCOL', 'BREW'])
      for (const path of [
        '/',
        `/${slug}/galeria/porto-night`,
        '/admin',
        '/api/health',
        '/api/uploads',
        '/api/v1/galleries',
      ])
        for (const headers of [{}, signedIn]) {
          const answer = await rawMethod(method, path, headers)
          const label = `${method} ${path}${'cookie' in headers ? ' signed in' : ''}`
          expect(answer.split('\r\n')[0], label).toBe('HTTP/1.1 405 Method Not Allowed')
          expect(answer, label).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i)
          // TRACE echoes nothing back: not the cookie, not the request.
          expect(answer, label).not.toContain('afterglow')
        }
    // Where the headers were read, the refusal speaks the visitor's language.
    const portuguese = await new TestClient().request('/', {
      method: 'PROPFIND',
      headers: { 'accept-language': 'pt-BR' },
    })
    expect(portuguese.status).toBe(405)
    expect(portuguese.text).toBe('Este endereço não aceita este tipo de pedido.')
    // The methods it takes still go through.
    expect((await new TestClient().request('/api/health', { method: 'HEAD' })).status).toBe(200)
    expect((await new TestClient().request('/api/uploads', { method: 'OPTIONS' })).status).toBeLessThan(300)
  })
})

describe('answers that tell the truth', () => {
  it("says 404 when asked to remove another company's file from one's own gallery, and removes nothing", async () => {
    const other = await createCompanyAdmin('other')
    const [theirs] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: other.company.id, kind: 'gallery', title: 'Theirs' })
        .returning({ id: contentItem.id }),
    )
    const [file] = await withSystem((tx) =>
      tx
        .insert(asset)
        .values({
          companyId: other.company.id,
          contentItemId: theirs.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: 'a.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: 10,
          storageKey: `${other.company.id}/x/original.jpg`,
        })
        .returning({ id: asset.id }),
    )
    const response = await admin.client.postForm(`/admin/content/${galleryId}`, {
      intent: 'remove-file',
      assetId: file.id,
    })
    expect(response.status).toBe(404)
    expect(await withSystem((tx) => tx.select({ id: asset.id }).from(asset).where(eq(asset.id, file.id)))).toHaveLength(
      1,
    )
  })
})

describe('the auth library, only as the product uses it', () => {
  it('closes its endpoints the pages do not use: no company made or renamed around the onboarding rules', async () => {
    const account = await createVerifiedUser()
    const client = new TestClient()
    await signIn(client, account)
    for (const slug of ['admin', 'privacy', 'player', '<script>x</script>', 'evil/../co', 'x']) {
      const response = await client.postJson('/api/auth/organization/create', { name: 'Around the rules', slug })
      expect(response.status, slug).toBe(404)
    }
    expect(await getDb().select().from(organization).where(eq(organization.name, 'Around the rules'))).toHaveLength(0)
    expect(
      (
        await admin.client.postJson('/api/auth/organization/update', {
          data: { slug: 'admin' },
          organizationId: admin.company.id,
        })
      ).status,
    ).toBe(404)
    expect((await client.postJson('/api/auth/update-user', { name: 'x'.repeat(1_000_000) })).status).toBe(404)
    // What the pages use stays open.
    expect((await client.get('/api/auth/get-session')).status).toBe(200)
  })

  it('refuses a blank or endless display name at sign-up, in the visitor language', async () => {
    for (const name of ['', '   ', 'x'.repeat(1_000_000)]) {
      const email = uniqueEmail('name')
      const response = await new TestClient().postJson('/api/auth/sign-up/email', {
        name,
        email,
        password: STRONG_PASSWORD,
      })
      expect(response.status, `${name.length} characters`).toBe(400)
      expect(await getDb().select().from(user).where(eq(user.email, email))).toHaveLength(0)
    }
    const portuguese = await new TestClient().postJson(
      '/api/auth/sign-up/email',
      { name: ' ', email: uniqueEmail('name'), password: STRONG_PASSWORD },
      { 'accept-language': 'pt-BR' },
    )
    expect(portuguese.json().message).toBe('Este campo é obrigatório')
  })

  it('refuses a line break or another control character in a name at sign-up, in the visitor language', async () => {
    for (const name of [
      'Ana\nSilva',
      'Ana\r\nBcc: x@example.test',
      'Ana\u0000',
      'Ana\tSilva',
      'Ana\u2028Silva',
      'Ana\u007f',
    ]) {
      const email = uniqueEmail('name')
      const response = await new TestClient().postJson(
        '/api/auth/sign-up/email',
        { name, email, password: STRONG_PASSWORD },
        { 'accept-language': 'fr' },
      )
      expect(response.status, JSON.stringify(name)).toBe(400)
      expect(response.json().message, JSON.stringify(name)).toBe(
        'Un nom tient sur une ligne, sans retour à la ligne ni caractère de contrôle',
      )
      expect(await getDb().select().from(user).where(eq(user.email, email))).toHaveLength(0)
    }
    // The form posted without JavaScript says the same, beside the field.
    const form = await new TestClient().postForm(
      '/auth?mode=signup',
      { intent: 'signup', name: 'Ana\nSilva', email: uniqueEmail('name'), password: STRONG_PASSWORD },
      { 'accept-language': 'es' },
    )
    expect(form.status).toBe(400)
    expect(form.text).toContain('Un nombre cabe en una línea, sin saltos de línea ni caracteres de control')
    // Accents, apostrophes and other scripts stay welcome.
    const welcome = await new TestClient().postJson('/api/auth/sign-up/email', {
      name: "Zoë O'Brien-Łukasz 陈",
      email: uniqueEmail('name'),
      password: STRONG_PASSWORD,
    })
    expect(welcome.status).toBe(200)
  })
})
