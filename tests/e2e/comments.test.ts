import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { comment, contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { addCookiesTo, closedCookieBannerBefore, DESKTOP, launchBrowser, PHONE, visit } from '../support/browser'
import { expectNoAxeViolations } from '../support/axe'
import { createCompanyAdmin } from '../support/fixtures'
import { keepScreenshot } from '../support/screenshots'

const baseUrl = inject('baseUrl')
const SHOTS = path.resolve('test-results', 'comments')
let browser: Browser
let admin: Awaited<ReturnType<typeof createCompanyAdmin>>
let galleryPath = ''
let galleryId = ''
const contexts: BrowserContext[] = []

async function openPage(
  viewport: typeof DESKTOP,
  options: { isMobile?: boolean; signedIn?: boolean; javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    hasTouch: options.isMobile,
    isMobile: options.isMobile,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  contexts.push(context)
  if (options.signedIn) await addCookiesTo(context, baseUrl, admin.client.cookies)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await closedCookieBannerBefore(page)
  return { page, errors }
}

describe('fans’ comments, end to end', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    admin = await createCompanyAdmin('e2e-comments')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          slug: 'porto-live',
          title: 'Porto Live',
          description: 'Photos from the show at the river.',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    galleryId = gallery.id
    galleryPath = `/${admin.company.slug}/galeria/porto-live`
    browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
  })

  it('a fan comments on a phone with the keyboard, the admin approves it in /admin/comments, and the fan sees it', async () => {
    const fan = await openPage(PHONE, { isMobile: true })
    await visit(fan.page, galleryPath)
    const form = fan.page.getByTestId('comment-form')
    await expect
      .poll(() => fan.page.getByTestId('comments-empty').textContent())
      .toBe('No comments yet. Be the first to leave one.')
    expect(await form.textContent()).toContain(`${admin.company.name} reviews comments before they appear.`)

    // Keyboard only: the comments open from their summary line above the photos; the honeypot is never reached, every field is.
    await fan.page.getByTestId('comments-toggle').focus()
    await fan.page.keyboard.press('Enter')
    await fan.page.getByLabel('Name', { exact: true }).waitFor()
    await fan.page.keyboard.press('Tab')
    expect(await fan.page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('name')
    await fan.page.keyboard.type('Marta')
    await fan.page.keyboard.press('Tab')
    expect(await fan.page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email')
    await fan.page.keyboard.type('marta@fans.test')
    await fan.page.keyboard.press('Tab')
    expect(await fan.page.evaluate(() => (document.activeElement as HTMLTextAreaElement).name)).toBe('body')
    await fan.page.keyboard.type('Best night of the tour! <script>x()</script>')
    // Counted once the form's code has come, what was typed before it included.
    await expect.poll(() => fan.page.getByText('44/1000 characters').isVisible()).toBe(true)
    await fan.page.keyboard.press('Tab')
    expect(await fan.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('comment-submit')
    // A person takes a moment; the form's start time came from the server when Marta began.
    await fan.page.waitForTimeout(3200)
    await fan.page.keyboard.press('Enter')

    const pending = fan.page.getByTestId('comment-pending')
    await pending.waitFor()
    expect(await pending.textContent()).toContain('Thanks! Your comment is awaiting approval.')
    expect(await pending.textContent()).toContain(`It will appear here once ${admin.company.name} approves it.`)
    expect(await fan.page.getByTestId('comment-sanitized').textContent()).toBe('Input has been sanitized for security')
    // The notice in the form and the toast.
    await expect
      .poll(() => fan.page.getByText('Thanks! Your comment is awaiting approval.', { exact: true }).count())
      .toBe(2)
    expect(await fan.page.getByLabel('Name', { exact: true }).inputValue()).toBe('')
    expect(await fan.page.getByTestId('comments-list').count()).toBe(0)
    const noOverflow = await fan.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    expect(noOverflow).toBe(true)
    await form.scrollIntoViewIfNeeded()
    await keepScreenshot(fan.page, path.join(SHOTS, 'fan-pending-390.png'))
    await expectNoAxeViolations(fan.page, { include: '[data-testid="comments"]', label: 'comments after sending' })

    const [stored] = await withSystem((tx) => tx.select().from(comment).where(eq(comment.contentItemId, galleryId)))
    expect(stored).toMatchObject({
      name: 'Marta',
      email: 'marta@fans.test',
      body: 'Best night of the tour!',
      status: 'pending',
    })

    const staff = await openPage(DESKTOP, { signedIn: true })
    await visit(staff.page, '/admin')
    await staff.page.getByRole('link', { name: 'Comments', exact: true }).click()
    await staff.page.waitForURL('**/admin/comments')
    const row = staff.page.getByTestId('comment-row')
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain('Best night of the tour!')
    expect(await row.textContent()).toContain('marta@fans.test')
    expect(await staff.page.getByTestId('comment-count-pending').textContent()).toBe('1')
    await keepScreenshot(staff.page, path.join(SHOTS, 'admin-pending-1440.png'), { fullPage: true })
    await expectNoAxeViolations(staff.page, { label: 'comment moderation' })
    await row.getByRole('button', { name: 'Approve' }).click()
    await staff.page.getByText('Comment approved: fans can see it now').waitFor()
    await expect.poll(() => row.count()).toBe(0)
    expect(await staff.page.getByTestId('comment-count-approved').textContent()).toBe('1')
    await staff.page.getByRole('link', { name: /Approved/ }).click()
    await expect.poll(() => row.count()).toBe(1)
    await keepScreenshot(staff.page, path.join(SHOTS, 'admin-approved-1440.png'), { fullPage: true })

    await visit(fan.page, galleryPath)
    const shown = fan.page.getByTestId('comment')
    await expect.poll(() => shown.count()).toBe(1)
    expect(await shown.textContent()).toContain('Marta')
    expect(await shown.textContent()).toContain('Best night of the tour!')
    expect(await shown.textContent()).not.toContain('marta@fans.test')
    expect(await fan.page.getByTestId('comments-toggle').textContent()).toContain('Comments(1)')
    await fan.page.getByTestId('comments-toggle').click()
    await shown.waitFor()
    await keepScreenshot(fan.page, path.join(SHOTS, 'fan-approved-390.png'))

    const desktopFan = await openPage(DESKTOP)
    await visit(desktopFan.page, galleryPath)
    await keepScreenshot(desktopFan.page, path.join(SHOTS, 'fan-closed-1440.png'))
    await desktopFan.page.getByTestId('comments-toggle').click()
    await desktopFan.page.getByTestId('comment').waitFor()
    await keepScreenshot(desktopFan.page, path.join(SHOTS, 'fan-approved-1440.png'), { fullPage: true })

    const phoneStaff = await openPage(PHONE, { isMobile: true, signedIn: true })
    await visit(phoneStaff.page, '/admin/comments?status=approved')
    await phoneStaff.page.getByTestId('comment-row').waitFor()
    expect(await phoneStaff.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await keepScreenshot(phoneStaff.page, path.join(SHOTS, 'admin-approved-390.png'), { fullPage: true })

    for (const { errors } of [fan, staff, desktopFan, phoneStaff]) expect(errors).toEqual([])
  })

  it('shows what went wrong in place, field by field, when the comment is refused', async () => {
    const fan = await openPage(DESKTOP)
    await visit(fan.page, galleryPath)
    await fan.page.getByTestId('comments-toggle').click()
    await fan.page.getByLabel('Comment', { exact: true }).fill('x'.repeat(1001))
    await fan.page.getByTestId('comment-submit').click()
    await fan.page.getByText('Input cannot be empty').waitFor()
    expect(await fan.page.getByText('Message too long (max 1000 characters)').count()).toBeGreaterThan(0)
    expect(await fan.page.getByLabel('Comment', { exact: true }).inputValue()).toBe('x'.repeat(1001))
    expect(await fan.page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    await keepScreenshot(fan.page.getByTestId('comment-form'), path.join(SHOTS, 'fan-invalid-1440.png'))
    expect(fan.errors).toEqual([])
  })

  it('works without JavaScript: a plain form post, answered by the page with the outcome', async () => {
    const fan = await openPage(PHONE, { isMobile: true, javaScriptEnabled: false })
    await fan.page.goto(galleryPath)
    await fan.page.getByTestId('comments-toggle').click()
    // The honeypot is out of sight, far off the page's left edge.
    const honeypot = await fan.page.locator('input[name="website"]').boundingBox()
    expect(honeypot!.x + honeypot!.width).toBeLessThan(0)
    await fan.page.getByLabel('Name', { exact: true }).fill('Nuno')
    await fan.page.getByLabel('Comment', { exact: true }).fill('No scripts here, still commenting.')
    await fan.page.waitForTimeout(3200)
    await Promise.all([fan.page.waitForURL(`**${galleryPath}`), fan.page.getByTestId('comment-submit').click()])
    await fan.page.getByTestId('comment-pending').waitFor()
    expect(await fan.page.getByTestId('comment-pending').textContent()).toContain(
      'Thanks! Your comment is awaiting approval.',
    )
    await keepScreenshot(fan.page.getByTestId('comment-form'), path.join(SHOTS, 'fan-no-js-390.png'))
    const rows = await withSystem((tx) => tx.select().from(comment).where(eq(comment.name, 'Nuno')))
    expect(rows).toMatchObject([
      { body: 'No scripts here, still commenting.', status: 'pending', contentItemId: galleryId },
    ])
  })
})
