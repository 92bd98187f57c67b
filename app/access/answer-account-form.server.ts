import { data, redirect } from 'react-router'
import { issueKey } from '#app/lib/form-errors'
import { z } from 'zod'
import { authErrorMessage } from '#app/lib/auth-client'
import { fieldErrors } from '#app/lib/form-errors'
import { getRequestT } from '#app/lib/i18n.server'
import { safeRedirect } from '#app/lib/use-zod-form'
import { ZEmail, ZForgotPassword, ZResetPassword, ZSignIn, ZSignUp } from '#app/features/accounts/accounts.schema'
import { postAuthForm, type AuthRefusal } from './post-auth-form.server'
import { readForm } from '#app/lib/read-form.server'

/** What an account form posted without JavaScript shows next, in the visitor's language. */
export type AccountFormAnswer = {
  intent: string
  /** What was typed, but never a password or code: the form shows it again. */
  typed?: { name?: string; email?: string }
  /** Per field, translated. */
  errors?: Record<string, string[]>
  /** About the whole form, translated. */
  problem?: string
  unverifiedEmail?: string
  /** Signed in with a password; the second factor is asked next. */
  secondFactor?: true
  /** Sign-up done: the confirmation mail went to this address. */
  sentTo?: string
  /** A reset mail was sent (or not: the same answer either way), a password reset, a confirmation mail sent again. */
  done?: true
}

const ZCode = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, 'validation.required').max(64, 'auth.errors.invalidCode')),
})

/**
 * The account forms (sign-in, its second factor, sign-up, forgotten password, reset, confirmation
 * mail again) post to their page, so a form sent before the page's script runs carries the
 * password in a request body, never in the address, history or logs, and still does its work.
 * With the script, the same forms call the auth endpoints directly and never post here.
 */
export async function answerAccountForm(request: Request) {
  const t = getRequestT(request)
  const form = await readForm(request)
  const intent = typeof form.intent === 'string' ? form.intent : ''
  // A refusal answers 400 with what to show; the page is drawn again around it.
  const typed = {
    name: typeof form.name === 'string' ? form.name.slice(0, 200) : undefined,
    email: typeof form.email === 'string' ? form.email.slice(0, 320) : undefined,
  }
  const answer = (shown: Omit<AccountFormAnswer, 'intent'>, headers?: Headers, refusal?: AuthRefusal) => {
    // Too many attempts: 429 and when to come back, as the endpoint itself says it.
    if (refusal?.retryAfterSeconds)
      return data<AccountFormAnswer>(
        { intent, typed, ...shown },
        { status: 429, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } },
      )
    return data<AccountFormAnswer>(
      { intent, typed, ...shown },
      { status: shown.problem || shown.errors ? 400 : 200, headers },
    )
  }
  const invalid = (error: z.ZodError) =>
    answer({
      errors: Object.fromEntries(
        Object.entries(fieldErrors(error)).map(([field, keys]) => [field, keys.map((key) => t(key))]),
      ),
    })

  switch (intent) {
    case 'signin': {
      const values = ZSignIn.safeParse(form)
      if (!values.success) return invalid(values.error)
      const outcome = await postAuthForm(request, '/sign-in/email', values.data)
      if (!outcome.ok)
        return answer(
          {
            problem: authErrorMessage(outcome.error, t),
            unverifiedEmail: outcome.error.code === 'EMAIL_NOT_VERIFIED' ? values.data.email : undefined,
          },
          undefined,
          outcome.error,
        )
      if (outcome.body.twoFactorRedirect) return answer({ secondFactor: true }, outcome.cookies)
      throw redirect(safeRedirect(typeof form.redirectTo === 'string' ? form.redirectTo : null), {
        headers: outcome.cookies,
      })
    }
    case 'second-factor': {
      const values = ZCode.safeParse(form)
      if (!values.success)
        return answer({
          secondFactor: true,
          problem: t(issueKey(values.error.issues[0].message)),
        })
      // Without the script there is no switch between the two kinds of code: an app's code is six digits.
      const endpoint = /^\d{6}$/.test(values.data.code) ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code'
      const outcome = await postAuthForm(request, endpoint, {
        code: values.data.code,
      })
      if (!outcome.ok)
        return answer(
          {
            secondFactor: true,
            problem: authErrorMessage(outcome.error, t),
          },
          undefined,
          outcome.error,
        )
      throw redirect(safeRedirect(typeof form.redirectTo === 'string' ? form.redirectTo : null), {
        headers: outcome.cookies,
      })
    }
    case 'signup': {
      const values = ZSignUp.safeParse(form)
      if (!values.success) return invalid(values.error)
      // The plan chosen on the pricing page rides with the sign-up; auth.server.ts keeps it only if it is the trial's.
      const outcome = await postAuthForm(request, '/sign-up/email', {
        ...values.data,
        ...(typeof form.signUpPlan === 'string' ? { signUpPlan: form.signUpPlan } : {}),
      })
      if (!outcome.ok) return answer({ problem: authErrorMessage(outcome.error, t) }, undefined, outcome.error)
      return answer({ sentTo: values.data.email })
    }
    case 'forgot': {
      const values = ZForgotPassword.safeParse(form)
      if (!values.success) return invalid(values.error)
      const outcome = await postAuthForm(request, '/request-password-reset', {
        email: values.data.email,
        redirectTo: '/reset-password',
      })
      // The same answer whether or not the address has an account.
      if (!outcome.ok && (outcome.error.status === 429 || outcome.error.status >= 500))
        return answer(
          { problem: t(outcome.error.status === 429 ? 'auth.errors.rateLimited' : 'errors.generic') },
          undefined,
          outcome.error,
        )
      return answer({ done: true })
    }
    case 'reset': {
      const values = ZResetPassword.safeParse(form)
      if (!values.success) return invalid(values.error)
      const token = new URL(request.url).searchParams.get('token') ?? ''
      const outcome = await postAuthForm(request, '/reset-password', {
        newPassword: values.data.password,
        token,
      })
      if (!outcome.ok) return answer({ problem: authErrorMessage(outcome.error, t) }, undefined, outcome.error)
      return answer({ done: true })
    }
    case 'resend': {
      const email = ZEmail.safeParse(form.email)
      if (!email.success)
        return answer({
          errors: { email: [t(email.error.issues[0].message)] },
        })
      const outcome = await postAuthForm(request, '/send-verification-email', {
        email: email.data,
        callbackURL: '/email-confirmation',
      })
      if (!outcome.ok) return answer({ problem: authErrorMessage(outcome.error, t) }, undefined, outcome.error)
      return answer({ done: true, sentTo: email.data })
    }
    default:
      return answer({ problem: t('errors.generic') })
  }
}
