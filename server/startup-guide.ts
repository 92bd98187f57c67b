import { usesDevOutbox, type TEnv } from '#app/lib/env.server'
import { DEMO_ADMIN, DEMO_COMPANY, DEMO_OPERATOR } from './demo/seed'

/**
 * What `npm start` prints under its address, in plain lines a newcomer reads (not log records):
 * where fans' demo page is, how to sign in to the demo, and where mail goes without a mail server.
 */
export function startupGuide(env: Pick<TEnv, 'APP_URL' | 'SEED_DEMO' | 'OPERATOR_EMAILS' | 'SMTP_URL'>) {
  const lines: string[] = []
  if (env.SEED_DEMO) {
    lines.push(`  Fans' demo page:   ${env.APP_URL}/${DEMO_COMPANY.slug}`)
    lines.push(`  Company admin:     ${env.APP_URL}/auth   ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`)
    if (env.OPERATOR_EMAILS.includes(DEMO_OPERATOR.email))
      lines.push(`  Platform operator: ${env.APP_URL}/operator   ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`)
  }
  if (usesDevOutbox(env))
    lines.push(`  Mail outbox:       ${env.APP_URL}/dev/outbox   (no SMTP_URL: sign-up and reset mails are kept here)`)
  return lines
}
