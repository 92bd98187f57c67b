import { data, redirect } from 'react-router'
import { issueKey } from '#app/lib/form-errors'
import { z } from 'zod'
import { authErrorKey } from '#app/lib/auth-client'
import { getRequestT } from '#app/lib/i18n.server'
import { totpQrSvg } from '#app/features/accounts/totp-qr'
import { postAuthForm } from './post-auth-form.server'
import { readForm } from '#app/lib/read-form.server'

/** What the security page shows after a two-factor form posted without JavaScript. */
export type TwoFactorFormAnswer = {
  intent: string
  problem?: string
  /** The toast's text, shown on the page instead. */
  message?: string
  /** Enabling: the app to scan (its backup codes come in `backupCodes`, to keep before confirming). */
  setup?: { totpURI: string; qrSvg: string; backupCodes: string[] }
  backupCodes?: string[]
}

const ZPasswordForm = z.object({
  password: z.string().min(1, 'validation.required').max(128, 'auth.errors.invalidCredentials'),
})
const ZConfirmForm = z.object({
  code: z.string().transform((value) => value.replace(/\s+/g, '')),
  totpURI: z.string().startsWith('otpauth://').max(2000),
})
const ENDPOINTS: Record<string, string> = {
  enable: '/two-factor/enable',
  regenerate: '/two-factor/generate-backup-codes',
  disable: '/two-factor/disable',
}

/**
 * The security page's two-factor forms (enable, confirm, new backup codes, disable) post to the
 * page, so a password typed before the page's script runs travels in a request body, never in
 * the address. They go through the same auth endpoints as the script (postAuthForm), which
 * check the session and the password.
 */
export async function answerTwoFactorForm(request: Request) {
  const t = getRequestT(request)
  const form = await readForm(request)
  const intent = typeof form.intent === 'string' ? form.intent : ''
  const answer = (shown: Omit<TwoFactorFormAnswer, 'intent'>) =>
    data<TwoFactorFormAnswer>({ intent, ...shown }, { status: shown.problem ? 400 : 200 })
  // Switching it on or off renews the session: the page is asked for again, with the new cookie.
  const reload = (cookies: Headers) => redirect(new URL(request.url).pathname, { headers: cookies })

  if (intent === 'confirm') {
    const values = ZConfirmForm.safeParse(form)
    if (!values.success) return answer({ problem: t('errors.generic') })
    const outcome = await postAuthForm(request, '/two-factor/verify-totp', { code: values.data.code })
    if (!outcome.ok)
      return answer({
        problem: t(authErrorKey(outcome.error)),
        setup: { totpURI: values.data.totpURI, qrSvg: await totpQrSvg(values.data.totpURI), backupCodes: [] },
      })
    throw reload(outcome.cookies)
  }
  const values = ZPasswordForm.safeParse(form)
  if (!values.success) return answer({ problem: t(issueKey(values.error.issues[0].message)) })
  const endpoint = ENDPOINTS[intent]
  if (!endpoint) return answer({ problem: t('errors.generic') })
  const outcome = await postAuthForm(request, endpoint, { password: values.data.password })
  if (!outcome.ok) return answer({ problem: t(authErrorKey(outcome.error)) })
  const backupCodes = Array.isArray(outcome.body.backupCodes) ? outcome.body.backupCodes.map(String) : []
  if (intent === 'enable') {
    const totpURI = String(outcome.body.totpURI ?? '')
    // Without the script the codes cannot wait in the page for the confirmation: they are shown now.
    return answer({ setup: { totpURI, qrSvg: await totpQrSvg(totpURI), backupCodes }, backupCodes })
  }
  if (intent === 'regenerate') return answer({ message: t('security.codesRegenerated'), backupCodes })
  throw reload(outcome.cookies)
}
