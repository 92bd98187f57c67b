import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { formSubmission } from '#db/schema'
import { fieldErrors } from '#app/lib/form-errors'
import type { SiteContext } from '#app/access/context'
import { getEnv } from '#app/lib/env.server'
import type { Language } from '#app/lib/i18n'
import { logger } from '#app/lib/logger.server'
import { escapeHtml } from '#app/lib/escape-html'
import { sendMail } from '#app/lib/mail.server'
import { consumeRateLimit } from '#app/lib/rate-limit.server'
import { MARKETING_FORM_RATE_LIMIT } from './marketing-form-rate-limit.server'
import {
  MARKETING_FORM_SCHEMAS,
  MARKETING_FORM_TEXT_FIELDS,
  sanitizeFormText,
  wasSanitized,
  type MarketingFormKind,
  type MarketingFormResponse,
  type TMarketingSubmission,
} from '../marketing-forms.schema'
import { welcomeMail } from './newsletter-subscription.server'

export type MarketingFormOutcome = Exclude<MarketingFormResponse, { status: 'failed' }>

/** One submission per e-mail per form in this time: the same address sent again (from anywhere) is the one already kept. */
export const MARKETING_FORM_REPEAT_WINDOW_SECONDS = 60 * 60

const FIELDS: Record<MarketingFormKind, readonly string[]> = {
  interest: ['email'],
  newsletter: ['email'],
  contact: ['name', 'email', 'message'],
}

/**
 * Validates and sanitises one submission of the marketing site, stores it for the platform
 * operator and tells them by e-mail, once per address per form within the repeat window. Invalid input changes nothing and does not use up the
 * visitor's rate limit.
 */
export async function submitMarketingForm(
  kind: MarketingFormKind,
  input: Record<string, unknown>,
  context: SiteContext,
): Promise<MarketingFormOutcome> {
  const sanitized = MARKETING_FORM_TEXT_FIELDS[kind].some((field) => wasSanitized(input[field]))
  const parsed = MARKETING_FORM_SCHEMAS[kind].safeParse(input)
  if (!parsed.success) {
    const values = Object.fromEntries(
      FIELDS[kind].map((field) => {
        const raw = typeof input[field] === 'string' ? (input[field] as string) : ''
        return [field, MARKETING_FORM_TEXT_FIELDS[kind].includes(field) ? sanitizeFormText(raw) : raw]
      }),
    )
    return { kind, status: 'invalid', sanitized, errors: fieldErrors(parsed.error), values }
  }

  const decision = await consumeRateLimit(MARKETING_FORM_RATE_LIMIT, context.clientAddress)
  if (!decision.allowed) return { kind, status: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds }

  const data = parsed.data as { name?: string; email: string; message?: string }
  const submission: TMarketingSubmission = {
    kind,
    name: data.name ?? null,
    email: data.email,
    message: data.message ?? null,
  }
  const { stored, repeated } = await context.siteRecords((db) =>
    db.transaction(async (tx) => {
      // Two sends of one address at once wait for each other here, so only one is kept.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`marketing-form:${kind}:${submission.email}`}))`)
      const [earlier] = await tx
        .select({ id: formSubmission.id, createdAt: formSubmission.createdAt })
        .from(formSubmission)
        .where(
          and(
            eq(formSubmission.kind, kind),
            eq(formSubmission.email, submission.email),
            gt(formSubmission.createdAt, sql`now() - make_interval(secs => ${MARKETING_FORM_REPEAT_WINDOW_SECONDS})`),
          ),
        )
        .orderBy(desc(formSubmission.createdAt))
        .limit(1)
      if (earlier) return { stored: earlier, repeated: true }
      const [row] = await tx
        .insert(formSubmission)
        .values({ ...submission, language: context.language })
        .returning({ id: formSubmission.id, createdAt: formSubmission.createdAt })
      return { stored: row, repeated: false }
    }),
  )
  // The visitor is thanked as before; the operator already has it.
  if (repeated) return { kind, status: 'success', sanitized, id: stored.id }

  // The row is the record; the e-mail is a heads-up. An SMTP outage must not lose the submission
  // or make the visitor send it again.
  try {
    await sendMail(operatorMail(submission, context.language, stored.createdAt))
    if (kind === 'newsletter') await sendMail(welcomeMail(submission.email, context.language))
  } catch (error) {
    logger.error({ err: error, submissionId: stored.id }, 'a mail about a form submission could not be sent')
  }
  return { kind, status: 'success', sanitized, id: stored.id }
}

const SUBJECTS: Record<MarketingFormKind, (s: TMarketingSubmission) => string> = {
  interest: (s) => `New interest registration: ${s.email}`,
  newsletter: (s) => `New newsletter subscriber: ${s.email}`,
  contact: (s) => `Contact message from ${s.name} <${s.email}>`,
}

/** The operator's notification, in English (the operator's language, not the visitor's). */
function operatorMail(submission: TMarketingSubmission, language: Language, receivedAt: Date) {
  const rows: Array<[string, string]> = [
    ['Form', submission.kind],
    ...(submission.name ? [['Name', submission.name] as [string, string]] : []),
    ['E-mail', submission.email],
    ['Language', language],
    ['Received', receivedAt.toISOString()],
  ]
  const subject = SUBJECTS[submission.kind](submission).replace(/\s+/g, ' ')
  const text = `${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}${submission.message ? `\n\n${submission.message}` : ''}\n`
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f7;padding:24px;color:#111">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<p style="font-size:18px;font-weight:600;margin:0 0 16px">Afterglow · ${escapeHtml(subject)}</p>
<table style="border-collapse:collapse;font-size:14px">${rows.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join('')}</table>
${submission.message ? `<p style="white-space:pre-wrap;margin-top:20px;padding:16px;background:#f6f6f7;border-radius:6px">${escapeHtml(submission.message)}</p>` : ''}
</div></body></html>`
  return { to: getEnv().OPERATOR_EMAIL, subject, text, html }
}
