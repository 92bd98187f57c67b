import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formSubmission, outboxMail } from '#db/schema'
import { getDb } from '#app/lib/db.server'
import type { AppProcess } from '../support/app-process'
import { activateSubdomain, createCompanyAdmin, firstLink, latestMail, uniqueEmail } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { startSecondApp } from '../support/second-app'

const OPERATOR = 'operator@afterglow.local'
const NBSP = '\u00a0'

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

async function storedRows(email: string) {
  return getDb().select().from(formSubmission).where(eq(formSubmission.email, email))
}

/** A plain form POST to the home page, as a browser without JavaScript sends it. */
function submit(client: TestClient, form: Record<string, string>) {
  return client.postForm('/?index', form)
}

describe('the marketing site', () => {
  let second: AppProcess
  let secondUrl = ''
  beforeAll(async () => {
    const started = await startSecondApp({ PLATFORM_DOMAIN: 'afterglow.test' })
    second = started.app
    secondUrl = started.url
  })
  afterAll(async () => {
    await second?.stop()
  })

  it('stores each form in the platform database and e-mails the operator, with the exact success texts', async () => {
    const visitor = new TestClient()
    const interestEmail = uniqueEmail('interest')
    const interest = await submit(visitor, { kind: 'interest', email: `  ${interestEmail.toUpperCase()} ` })
    expect(interest.status).toBe(200)
    expect(visibleText(interest.text)).toContain("Success! Your interest has been registered. We'll be in touch soon!")
    const [interestRow] = await storedRows(interestEmail)
    expect(interestRow).toMatchObject({
      kind: 'interest',
      email: interestEmail,
      name: null,
      message: null,
      language: 'en',
    })
    expect((await latestMail(OPERATOR, interestEmail))?.subject).toBe(`New interest registration: ${interestEmail}`)

    const newsletterEmail = uniqueEmail('news')
    const newsletter = await submit(visitor, { kind: 'newsletter', email: newsletterEmail })
    expect(newsletter.status).toBe(200)
    expect(visibleText(newsletter.text)).toContain("You've been subscribed to our newsletter!")
    expect(await storedRows(newsletterEmail)).toHaveLength(1)
    expect((await latestMail(OPERATOR, newsletterEmail))?.subject).toBe(`New newsletter subscriber: ${newsletterEmail}`)

    const contactEmail = uniqueEmail('contact')
    const message = 'We run a festival with three stages.\nCan we get one page per stage?'
    const contact = await submit(visitor, { kind: 'contact', name: '  Ana Souza ', email: contactEmail, message })
    expect(contact.status).toBe(200)
    expect(visibleText(contact.text)).toContain("Your message has been sent successfully. We'll get back to you soon!")
    expect(visibleText(contact.text)).not.toContain('Input has been sanitized for security')
    const [contactRow] = await storedRows(contactEmail)
    expect(contactRow).toMatchObject({ kind: 'contact', name: 'Ana Souza', message })
    const mail = await latestMail(OPERATOR, contactEmail)
    expect(mail?.subject).toBe(`Contact message from Ana Souza <${contactEmail}>`)
    expect(mail?.text).toContain(message)
    expect(mail?.text).toContain('Language: en')
  })

  it('keeps one submission per e-mail per form, whichever addresses it is sent from, and thanks every sender', async () => {
    const email = uniqueEmail('repeat')
    for (let i = 0; i < 7; i++) {
      const sent = await submit(new TestClient(), { kind: 'newsletter', email })
      expect(sent.status).toBe(200)
      expect(visibleText(sent.text)).toContain("You've been subscribed to our newsletter!")
    }
    expect(await storedRows(email)).toHaveLength(1)
    const mails = await getDb()
      .select()
      .from(outboxMail)
      .where(eq(outboxMail.subject, `New newsletter subscriber: ${email}`))
    expect(mails).toHaveLength(1)
    // Another form is another submission.
    expect((await submit(new TestClient(), { kind: 'interest', email })).status).toBe(200)
    expect(await storedRows(email)).toHaveLength(2)
  })

  it('mails each newsletter subscriber, in their language, a signed link that removes their address and nothing else', async () => {
    const email = uniqueEmail('leaving')
    const other = uniqueEmail('staying')
    const visitor = new TestClient()
    expect(
      (
        await visitor.request('/?index', {
          form: { kind: 'newsletter', email },
          headers: { 'accept-language': 'pt-BR' },
        })
      ).status,
    ).toBe(200)
    expect((await submit(new TestClient(), { kind: 'newsletter', email: other })).status).toBe(200)
    expect((await submit(new TestClient(), { kind: 'interest', email })).status).toBe(200)
    const welcome = await latestMail(email, 'newsletter')
    expect(welcome?.subject).toBe('Você assinou a newsletter do Afterglow')
    const link = new URL(firstLink(welcome!.text))
    expect(link.pathname).toBe('/privacy/newsletter')

    // Opening the link changes nothing (mail scanners open links); the page asks first.
    const page = await visitor.get(`${link.pathname}${link.search}`, { 'accept-language': 'en' })
    expect(page.status).toBe(200)
    expect(visibleText(page.text)).toContain(`Stop sending the Afterglow newsletter to ${email}?`)
    expect((await storedRows(email)).map((row) => row.kind).sort()).toEqual(['interest', 'newsletter'])

    // A link signed for one address does not work for another.
    const forged = await visitor.postForm(link.pathname, { email: other, sig: link.searchParams.get('sig')! })
    expect(forged.status).toBe(400)
    expect(visibleText(forged.text)).toContain('This unsubscribe link is not complete or has been changed.')
    expect(await storedRows(other)).toHaveLength(1)

    const done = await visitor.postForm(link.pathname, { email, sig: link.searchParams.get('sig')! })
    expect(done.status).toBe(200)
    expect(visibleText(done.text)).toContain(`Done: ${email} is unsubscribed`)
    // The interest registration is another form, kept; the other subscriber stays.
    expect((await storedRows(email)).map((row) => row.kind)).toEqual(['interest'])
    expect(await storedRows(other)).toHaveLength(1)
    const again = await visitor.get(`${link.pathname}${link.search}`)
    expect(visibleText(again.text)).toContain(`${email} is not on our newsletter list`)
  })

  it('answers invalid input with the exact messages and stores nothing', async () => {
    const visitor = new TestClient()
    const email = uniqueEmail('invalid')
    const tooLong = await submit(visitor, {
      kind: 'contact',
      name: 'N'.repeat(101),
      email: 'not-an-email',
      message: 'm'.repeat(1001),
    })
    expect(tooLong.status).toBe(400)
    const text = visibleText(tooLong.text)
    expect(text).toContain('Name too long (max 100 characters)')
    expect(text).toContain('Message too long (max 1000 characters)')
    expect(text).toContain('Please enter a valid email address')
    // What was typed comes back in the form, so nothing is lost without JavaScript.
    expect(text).toContain('N'.repeat(101))

    const empty = await submit(visitor, { kind: 'contact', name: '   ', email, message: '' })
    expect(empty.status).toBe(400)
    expect(visibleText(empty.text).match(/Input cannot be empty/g)).toHaveLength(2)

    const newsletter = await submit(visitor, { kind: 'newsletter', email: '' })
    expect(newsletter.status).toBe(400)
    expect(visibleText(newsletter.text)).toContain('This field is required')
    const interest = await submit(visitor, { kind: 'interest', email: 'fan@' })
    expect(interest.status).toBe(400)
    expect(visibleText(interest.text)).toContain('Please enter a valid email address')

    expect(await storedRows(email)).toHaveLength(0)
    expect(await latestMail(OPERATOR, email)).toBeUndefined()
    expect((await submit(visitor, { kind: 'survey', email })).status).toBe(400)
  })

  it('removes scripts, javascript: and inline handlers, trims, and says so', async () => {
    const visitor = new TestClient()
    const email = uniqueEmail('sanitized')
    const response = await submit(visitor, {
      kind: 'contact',
      name: ' <b onmouseover="steal()">Rita</b> ',
      email,
      message:
        'Hello <script>alert(1)</script><img src=x onerror=alert(2)> see <a href="javascript:alert(3)">this</a> ',
    })
    expect(response.status).toBe(200)
    const text = visibleText(response.text)
    expect(text).toContain("Your message has been sent successfully. We'll get back to you soon!")
    expect(text).toContain('Input has been sanitized for security')
    const [row] = await storedRows(email)
    expect(row.name).toBe('<b>Rita</b>')
    expect(row.message).toBe('Hello <img src=x> see <a href="alert(3)">this</a>')
    // The operator's e-mail shows the text, never as markup.
    const mail = await latestMail(OPERATOR, email)
    expect(mail?.html).toContain('&#60;img src=x&#62;')
    expect(mail?.html).not.toContain('<img src=x>')

    // Text that is only a script is empty once sanitised: refused, with both messages.
    const onlyScript = await submit(visitor, {
      kind: 'contact',
      name: 'Rita',
      email: uniqueEmail('script'),
      message: '<script>alert(1)</script>',
    })
    expect(onlyScript.status).toBe(400)
    expect(visibleText(onlyScript.text)).toContain('Input cannot be empty')
    expect(visibleText(onlyScript.text)).toContain('Input has been sanitized for security')
  })

  it('limits each address to 5 submissions per 10 minutes across processes, in the visitor’s language', async () => {
    const visitor = new TestClient()
    const sameAddressOnSecondApp = new TestClient(secondUrl, visitor.localAddress)
    sameAddressOnSecondApp.setCookie('lang', 'pt')
    // An invalid submission does not use up the budget.
    expect((await submit(visitor, { kind: 'newsletter', email: 'nope' })).status).toBe(400)
    for (const client of [visitor, visitor, visitor, sameAddressOnSecondApp, sameAddressOnSecondApp]) {
      expect((await submit(client, { kind: 'newsletter', email: uniqueEmail('limit') })).status).toBe(200)
    }
    const refusedEmail = uniqueEmail('refused')
    const refused = await submit(visitor, { kind: 'newsletter', email: refusedEmail })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500)
    expect(visibleText(refused.text)).toContain(
      'Too many messages from your connection. Please wait 10 min and try again.',
    )
    const refusedPt = await submit(sameAddressOnSecondApp, {
      kind: 'contact',
      name: 'Ana',
      email: refusedEmail,
      message: 'Olá',
    })
    expect(refusedPt.status).toBe(429)
    expect(visibleText(refusedPt.text)).toContain(
      'Muitas mensagens a partir da sua conexão. Aguarde 10 min e tente novamente.',
    )
    expect(await storedRows(refusedEmail)).toHaveLength(0)
    // Another visitor is not affected.
    expect((await submit(new TestClient(), { kind: 'newsletter', email: uniqueEmail('other') })).status).toBe(200)
  })

  it('shows prices in the visitor’s currency, with a switch, and the right account link', async () => {
    const english = new TestClient()
    const home = await english.get('/')
    expect(home.status).toBe(200)
    expect(home.text).toContain('<title>Afterglow — phone-free shows, professional photos for every fan</title>')
    expect(home.text).toContain('$12')
    expect(home.text).toContain('$37')
    expect(home.text).toContain('14-day free trial')
    expect(home.text).toMatch(/data-testid="footer-account-link"[^>]*>Login</)
    const portuguese = new TestClient()
    portuguese.setCookie('lang', 'pt')
    const pt = await portuguese.get('/')
    expect(pt.text).toContain(`R$${NBSP}49`)
    expect(pt.text).toContain(`R$${NBSP}149`)
    expect(pt.text).toContain('14 dias de teste grátis')
    const euros = await english.get('/?currency=EUR')
    expect(euros.text).toContain('€12')
    expect(euros.text).toContain('€37')
    const french = new TestClient()
    french.setCookie('lang', 'fr')
    expect((await french.get('/')).text).toContain(`12${NBSP}€`)

    // One page for everyone: a signed-in member's browser turns "Login" into "Admin" itself (see the browser tests).
    const admin = await createCompanyAdmin('mkt')
    const member = await admin.client.get('/')
    expect(member.headers['x-afterglow-cache']).toBe('hit')
    expect(member.text).toMatch(/data-testid="footer-account-link"[^>]*>Login</)
    expect((await admin.client.get('/api/auth/get-session')).json<{ user: { email: string } }>().user.email).toBe(
      admin.credentials.email,
    )
  })

  it('renders the platform policies in English and Portuguese', async () => {
    const english = new TestClient()
    const portuguese = new TestClient()
    portuguese.setCookie('lang', 'pt')
    const expectations = [
      {
        path: '/privacy',
        en: ['Privacy policy', 'As processor', OPERATOR, 'withdraw your consent'],
        pt: ['Política de privacidade', 'Como operador', 'ANPD'],
      },
      {
        path: '/terms',
        en: ['Terms of service', '14 days', 'Data processing terms'],
        pt: ['Termos de serviço', '14 dias', 'Termos de tratamento de dados'],
      },
      {
        path: '/cookies',
        en: [
          'Cookie policy',
          'tracking-consent',
          'cookie-preferences',
          'consent-banner-seen',
          'selectedLanguage',
          'afterglow.session_token',
          '365 days',
        ],
        pt: ['Política de cookies', 'tracking-consent', '365 dias'],
      },
    ]
    for (const page of expectations) {
      const en = await english.get(page.path)
      expect(en.status, page.path).toBe(200)
      for (const text of page.en) expect(visibleText(en.text), `${page.path} en`).toContain(text)
      expect(en.text).toContain('Version 1.0')
      const pt = await portuguese.get(page.path)
      expect(pt.status, page.path).toBe(200)
      for (const text of page.pt) expect(visibleText(pt.text), `${page.path} pt`).toContain(text)
      expect(pt.text).toContain('Versão 1.0')
    }
  })

  it("renders a company's terms and privacy notice for its fans, on its path and its subdomain, and 404s for unknown companies", async () => {
    const { company } = await createCompanyAdmin('policy')
    const english = new TestClient()
    const portuguese = new TestClient()
    portuguese.setCookie('lang', 'pt')

    const terms = await english.get(`/${company.slug}/termos`)
    expect(terms.status).toBe(200)
    expect(visibleText(terms.text)).toContain(`Terms of use — ${company.name}`)
    expect(visibleText(terms.text)).toContain(`href="/${company.slug}/privacidade"`)
    const privacy = await english.get(`/${company.slug}/privacidade`)
    expect(privacy.status).toBe(200)
    expect(visibleText(privacy.text)).toContain(`Privacy notice — ${company.name}`)
    expect(visibleText(privacy.text)).toContain(
      `<strong class="font-semibold text-ink">${company.name}</strong> is the controller of the personal data collected on this page`,
    )

    const termosPt = await portuguese.get(`/${company.slug}/termos`)
    expect(visibleText(termosPt.text)).toContain(`Termos de uso — ${company.name}`)
    const privacidadePt = await portuguese.get(`/${company.slug}/privacidade`)
    expect(visibleText(privacidadePt.text)).toContain(`Aviso de privacidade — ${company.name}`)
    expect(visibleText(privacidadePt.text)).toContain(`é a controladora dos dados pessoais`)

    for (const path of ['/no-such-company-xyz/termos', '/no-such-company-xyz/privacidade']) {
      const missing = await english.get(path)
      expect(missing.status, path).toBe(404)
      expect(missing.text, path).toContain('Company not found')
    }

    await activateSubdomain(company)
    const onSubdomain = new TestClient(secondUrl)
    const host = { host: `${company.slug}.afterglow.test` }
    const subTerms = await onSubdomain.get('/termos', host)
    expect(subTerms.status).toBe(200)
    expect(visibleText(subTerms.text)).toContain(`Terms of use — ${company.name}`)
    expect(visibleText(subTerms.text)).toContain('href="/privacidade"')
    expect((await onSubdomain.get('/privacidade', host)).status).toBe(200)
    expect((await onSubdomain.get('/termos', { host: 'nobody-here.afterglow.test' })).status).toBe(404)
  })
})
