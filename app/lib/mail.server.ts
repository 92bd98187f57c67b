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
      // Neither the address nor the links (sign-in and reset tokens): /dev/outbox shows them.
      logger.info({ subject: mail.subject }, 'mail kept in the dev outbox (see /dev/outbox)')
    }
  }
  const transporter = transporterFor(env.SMTP_URL!)
  return async (mail) => {
    await transporter.sendMail({ from: env.MAIL_FROM, ...mail })
  }
}

const transporters = new Map<string, Transporter>()
/** One transport (and its pool of SMTP connections) per server, shared by sending and the health check. */
function transporterFor(smtpUrl: string) {
  let transporter = transporters.get(smtpUrl)
  if (!transporter) {
    transporter = nodemailer.createTransport(smtpUrl)
    transporters.set(smtpUrl, transporter)
  }
  return transporter
}

/** How often the readiness check asks the SMTP server itself: a probe every few seconds must not become a login each. */
const MAIL_VERIFIED_FOR_MS = 60_000
let lastVerified: { smtpUrl: string; at: number; answer: Promise<string> } | undefined

/**
 * Whether mail can leave: the SMTP server answers and takes our login (nodemailer's verify), asked
 * at most once a minute; the dev outbox always can. Resolves with what was verified, rejects with why not.
 */
export function verifyMailTransport(env: Pick<TEnv, 'SMTP_URL'> = getEnv(), now = Date.now()): Promise<string> {
  if (usesDevOutbox(env)) return Promise.resolve('dev outbox')
  const kept = lastVerified
  if (kept && kept.smtpUrl === env.SMTP_URL && now - kept.at < MAIL_VERIFIED_FOR_MS) return kept.answer
  const answer = transporterFor(env.SMTP_URL!)
    .verify()
    .then(() => 'smtp')
  lastVerified = { smtpUrl: env.SMTP_URL!, at: now, answer }
  return answer
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
