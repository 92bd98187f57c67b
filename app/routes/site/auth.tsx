import { useEffect, useState, type FormEvent } from 'react'
import { TRIAL_DAYS, TRIAL_PLAN } from '#app/features/billing/plans'
import { useTranslation } from '#app/lib/react-i18n'
import { data, Link, redirect, useActionData, useNavigate, useSearchParams } from 'react-router'
import { toast } from '#app/lib/toast'
import { AuthShell } from '#app/components/auth-shell'
import { Button } from '#app/components/ui/button'
import { FormAlert, TextField } from '#app/components/ui/field'
import { ZForgotPassword, ZSignIn, ZSignUp } from '#app/features/accounts/accounts.schema'
import { ResendConfirmation } from '#app/features/accounts/components/resend-confirmation'
import { answerAccountForm, type AccountFormAnswer } from '#app/access/answer-account-form.server'
import { passRetryAfter } from '#app/lib/rate-limit.server'
import { authClient, authErrorMessage, clearLocalState } from '#app/lib/auth-client'
import { getSession } from '#app/access/auth.server'
import { getEnv } from '#app/lib/env.server'
import { getRequestT } from '#app/lib/i18n.server'
import { cn } from '#app/lib/cn'
import { MEMBER_HINT_COOKIE, memberHintDomain } from '#app/lib/member-hint'
import { safeRedirect, useZodForm } from '#app/lib/use-zod-form'
import type { Route } from './+types/auth'

type Mode = 'signin' | 'signup' | 'forgot'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (await getSession(request)) throw redirect(safeRedirect(url.searchParams.get('redirectTo')))
  const title = getRequestT(request)('auth.title')
  if (url.searchParams.get('forced') !== '1') return { title }
  // A forced logout: the session cookies the server refused go too, so the next visit is a plain sign-in.
  const secure = getEnv().APP_URL.startsWith('https://') ? '__Secure-' : ''
  const headers = new Headers()
  for (const name of [`${secure}afterglow.session_token`, `${secure}afterglow.session_data`, MEMBER_HINT_COOKIE])
    headers.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`)
  const hintDomain = memberHintDomain(getEnv().PLATFORM_DOMAIN)
  if (hintDomain)
    headers.append('Set-Cookie', `${MEMBER_HINT_COOKIE}=; Path=/; Domain=${hintDomain}; Max-Age=0; SameSite=Lax`)
  return data({ title }, { headers })
}

// The forms posted before the page's script runs (see answerAccountForm).
export async function action({ request }: Route.ActionArgs) {
  return answerAccountForm(request)
}

/** Too many attempts tells the browser when to come back. */
export const headers = passRetryAfter

/** What the server answered a form of this page posted without the script, if it was `intent`. */
function usePostedAnswer(intent: string): AccountFormAnswer | undefined {
  const answer = useActionData<typeof action>()
  return answer?.intent === intent ? answer : undefined
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'Platform access'} · Afterglow` }]

export default function AuthScreen() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  // The server no longer accepted this browser's session: forget everything it kept here but the
  // language and theme, and say so (the spec's forced logout), once.
  const forced = params.get('forced') === '1'
  useEffect(() => {
    if (!forced) return
    clearLocalState()
    toast.warning(t('session.forcedLogout'), {
      description: t('session.forcedLogoutDescription'),
    })
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('forced')
        return next
      },
      { replace: true },
    )
  }, [forced, setParams, t])
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : params.get('mode') === 'forgot' ? 'forgot' : 'signin'
  const redirectTo = safeRedirect(params.get('redirectTo'))
  const withMode = (next: Mode) => {
    const search = new URLSearchParams(params)
    search.set('mode', next)
    return `?${search.toString()}`
  }
  return (
    <AuthShell title={t('auth.title')} subtitle={t(`auth.subtitle.${mode}`)}>
      {mode !== 'forgot' ? (
        <nav
          className="mb-6 grid grid-cols-2 rounded-lg bg-surface-muted p-1 text-sm font-medium"
          aria-label={t('auth.title')}
        >
          {(['signin', 'signup'] as const).map((tab) => (
            <Link
              key={tab}
              to={withMode(tab)}
              replace
              aria-current={mode === tab ? 'page' : undefined}
              className={cn(
                'rounded-md py-2 text-center',
                mode === tab ? 'bg-surface shadow-sm' : 'text-ink-muted hover:text-ink',
              )}
            >
              {t(`auth.tabs.${tab}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {mode === 'signin' ? <SignInForm redirectTo={redirectTo} forgotHref={withMode('forgot')} /> : null}
      {mode === 'signup' ? <SignUpForm /> : null}
      {mode === 'forgot' ? <ForgotPasswordForm backHref={withMode('signin')} /> : null}
    </AuthShell>
  )
}

function SignInForm({ redirectTo, forgotHref }: { redirectTo: string; forgotHref: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const posted = usePostedAnswer('signin')
  const postedCode = usePostedAnswer('second-factor')
  const { errors, validate } = useZodForm(ZSignIn, t)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<{
    message: string
    unverifiedEmail?: string
  } | null>(posted?.problem ? { message: posted.problem, unverifiedEmail: posted.unverifiedEmail } : null)
  const [needsSecondFactor, setNeedsSecondFactor] = useState(Boolean(posted?.secondFactor || postedCode?.secondFactor))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = validate(event.currentTarget)
    if (!values) return
    setPending(true)
    setProblem(null)
    const { data, error } = await authClient.signIn.email({
      email: values.email,
      password: values.password,
    })
    setPending(false)
    if (error) {
      const message = authErrorMessage(error, t)
      setProblem({
        message,
        unverifiedEmail: error.code === 'EMAIL_NOT_VERIFIED' ? values.email : undefined,
      })
      toast.error(t('auth.toasts.signInError'), { description: message })
      return
    }
    if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
      setNeedsSecondFactor(true)
      return
    }
    await navigate(redirectTo)
  }

  if (needsSecondFactor) return <SecondFactorForm redirectTo={redirectTo} />

  return (
    <div className="space-y-4">
      {/* Outside the form: the resend button is a form of its own. */}
      {problem ? (
        <FormAlert>
          <p>{problem.message}</p>
          {problem.unverifiedEmail ? <ResendConfirmation email={problem.unverifiedEmail} /> : null}
        </FormAlert>
      ) : null}
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('auth.tabs.signin')}>
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={posted?.typed?.email}
          errors={errors.email ?? posted?.errors?.email}
          required
        />
        <TextField
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          errors={errors.password ?? posted?.errors?.password}
          required
        />
        <div className="flex justify-end">
          <Link to={forgotHref} className="text-sm font-medium text-accent hover:underline">
            {t('auth.forgotLink')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
    </div>
  )
}

function SecondFactorForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const posted = usePostedAnswer('second-factor')
  const [useBackup, setUseBackup] = useState(false)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(posted?.problem ?? null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '')
    if (!code) {
      setProblem(t('validation.required'))
      return
    }
    setPending(true)
    const { error } = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code })
      : await authClient.twoFactor.verifyTotp({ code })
    setPending(false)
    if (error) {
      // A paused second step says how long, as the server wrote it.
      setProblem(authErrorMessage(error, t))
      return
    }
    await navigate(redirectTo)
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="second-factor" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-ink-muted">
        {useBackup ? t('auth.twoFactor.backupPrompt') : t('auth.twoFactor.prompt')}
      </p>
      <TextField
        key={useBackup ? 'backup' : 'totp'}
        label={useBackup ? t('auth.twoFactor.backupCode') : t('auth.twoFactor.code')}
        name="code"
        inputMode={useBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        errors={problem ? [problem] : undefined}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {t('auth.twoFactor.verify')}
      </Button>
      <button
        type="button"
        className="text-sm font-medium text-accent hover:underline"
        onClick={() => setUseBackup(!useBackup)}
      >
        {useBackup ? t('auth.twoFactor.useApp') : t('auth.twoFactor.useBackup')}
      </button>
    </form>
  )
}

function SignUpForm() {
  const { t } = useTranslation()
  const posted = usePostedAnswer('signup')
  // "Start free trial" on the pricing page: the trial starts with the company this person creates.
  const trial = useSearchParams()[0].get('plan') === TRIAL_PLAN
  const { errors, validate } = useZodForm(ZSignUp, t)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(posted?.problem ?? null)
  const [sentTo, setSentTo] = useState<string | null>(posted?.sentTo ?? null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = validate(event.currentTarget)
    if (!values) return
    setPending(true)
    setProblem(null)
    const { error } = await authClient.signUp.email({
      name: values.name,
      email: values.email,
      password: values.password,
      ...(trial ? { signUpPlan: TRIAL_PLAN } : {}),
    })
    setPending(false)
    if (error) {
      const message = authErrorMessage(error, t)
      setProblem(message)
      toast.error(t('auth.toasts.signUpError'), { description: message })
      return
    }
    toast.success(t('auth.toasts.signUpSuccess'), {
      description: t('auth.toasts.signUpSuccessDescription'),
    })
    setSentTo(values.email)
  }

  if (sentTo) {
    return (
      <div className="space-y-4" data-testid="signup-done">
        <FormAlert tone="success">
          <p className="font-medium">{t('auth.toasts.signUpSuccess')}</p>
          <p>{t('auth.checkInbox', { email: sentTo })}</p>
        </FormAlert>
        <ResendConfirmation email={sentTo} />
      </div>
    )
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('auth.tabs.signup')}>
      <input type="hidden" name="intent" value="signup" />
      {trial ? (
        <>
          <input type="hidden" name="signUpPlan" value={TRIAL_PLAN} />
          <FormAlert tone="info">
            <span data-testid="signup-trial">{t('auth.trialChosen', { days: TRIAL_DAYS })}</span>
          </FormAlert>
        </>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <TextField
        label={t('auth.fields.name')}
        name="name"
        autoComplete="name"
        defaultValue={posted?.typed?.name}
        errors={errors.name ?? posted?.errors?.name}
        required
      />
      <TextField
        label={t('auth.fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={posted?.typed?.email}
        errors={errors.email ?? posted?.errors?.email}
        required
      />
      <TextField
        label={t('auth.fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        errors={errors.password ?? posted?.errors?.password}
        hint={t('auth.passwordHint')}
        required
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  )
}

function ForgotPasswordForm({ backHref }: { backHref: string }) {
  const { t } = useTranslation()
  const posted = usePostedAnswer('forgot')
  const { errors, validate } = useZodForm(ZForgotPassword, t)
  const [pending, setPending] = useState(false)
  const [sent, setSent] = useState(Boolean(posted?.done))
  const [problem, setProblem] = useState<string | null>(posted?.problem ?? null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = validate(event.currentTarget)
    if (!values) return
    setPending(true)
    setProblem(null)
    const { error } = await authClient.requestPasswordReset({
      email: values.email,
      redirectTo: '/reset-password',
    })
    setPending(false)
    // The same answer whether or not the address has an account.
    if (error && error.status === 429) setProblem(t('auth.errors.rateLimited'))
    else if (error && error.status >= 500) setProblem(t('errors.generic'))
    else setSent(true)
  }

  return (
    <div className="space-y-4">
      {sent ? (
        <FormAlert tone="success">{t('auth.forgot.sent')}</FormAlert>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('auth.forgot.title')}>
          <input type="hidden" name="intent" value="forgot" />
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <TextField
            label={t('auth.fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={posted?.typed?.email}
            errors={errors.email ?? posted?.errors?.email}
            required
          />
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <Link to={backHref} className="inline-block text-sm font-medium text-accent hover:underline">
        {t('auth.backToSignIn')}
      </Link>
    </div>
  )
}
