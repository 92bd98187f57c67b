import nodemailer, { type Transporter } from 'nodemailer'
import { desc } from 'drizzle-orm'
import { outboxMail } from '#db/schema'
import { getDb } from './db.server'
import { getEnv, usesDevOutbox, type TEnv } from './env.server'
import { logger } from './logger.server'
import { escapeHtml } from './escape-html'

export type Mail = { to: string; subject: string; text: string; html: string }

export type MailSender = (mail: Mail) => Promise<void>

/** Real SMTP when SMTP_URL is set; otherwise the dev outbox (database + console). */
export function createMailSender(env: Pick<TEnv, 'SMTP_URL' | 'MAIL_FROM'>): MailSender {
  if (usesDevOutbox(env)) {
    return async (mail) => {
      await getDb().insert(outboxMail).values(mail)
      const links = mail.text.match(/https?:\/\/\S+/g) ?? []
      logger.info({ to: mail.to, subject: mail.subject, links }, 'mail kept in the dev outbox (see /dev/outbox)')
    }
  }
  const transporter: Transporter = nodemailer.createTransport(env.SMTP_URL)
  return async (mail) => {
    await transporter.sendMail({ from: env.MAIL_FROM, ...mail })
  }
}

let sender: MailSender | undefined

export async function sendMail(mail: Mail) {
  sender ??= createMailSender(getEnv())
  await sender(mail)
}

/** The latest mail kept in the dev outbox (no SMTP server configured), newest first: /dev/outbox shows it. */
export async function latestOutboxMail(limit = 50) {
  return getDb()
    .select({
      id: outboxMail.id,
      to: outboxMail.to,
      subject: outboxMail.subject,
      text: outboxMail.text,
      createdAt: outboxMail.createdAt,
    })
    .from(outboxMail)
    .orderBy(desc(outboxMail.createdAt))
    .limit(limit)
}

/** A plain, single-action e-mail: greeting, one paragraph, one button. */
export function actionMail(options: {
  to: string
  subject: string
  greeting: string
  body: string
  action: string
  url: string
  footer: string
}): Mail {
  const { to, subject, greeting, body, action, url, footer } = options
  const text = `${greeting}\n\n${body}\n\n${action}: ${url}\n\n${footer}\n`
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f7;padding:24px;color:#111">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<p style="font-size:18px;font-weight:600;margin:0 0 16px">Afterglow</p>
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555;word-break:break-all">${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p></div></body></html>`
  return { to, subject, text, html }
}
