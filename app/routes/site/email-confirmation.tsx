import { useState, type FormEvent } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { data, Link, useActionData } from 'react-router'
import { AuthShell } from '#app/components/auth-shell'
import { buttonClasses } from '#app/components/ui/button'
import { FormAlert, TextField } from '#app/components/ui/field'
import { ResendConfirmation } from '#app/features/accounts/components/resend-confirmation'
import { answerAccountForm } from '#app/access/answer-account-form.server'
import { passRetryAfter } from '#app/lib/rate-limit.server'
import { confirmEmail } from '#app/features/accounts/server/confirm-email.server'
import { ZEmail } from '#app/features/accounts/accounts.schema'
import type { Route } from './+types/email-confirmation'
import { authAs } from '#app/access/auth.server'

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const result = await confirmEmail(token, authAs(request))
  return data({ outcome: result.outcome }, { headers: result.headers })
}

// The forms posted before the page's script runs (see answerAccountForm).
export async function action({ request }: Route.ActionArgs) {
  return answerAccountForm(request)
}

/** Too many attempts tells the browser when to come back. */
export const headers = passRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function EmailConfirmation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outcome } = loaderData
  if (outcome === 'confirmed') {
    return (
      <AuthShell title={t('confirmation.confirmed.title')}>
        <div className="space-y-6" data-testid="email-confirmed">
          <FormAlert tone="success">{t('confirmation.confirmed.message')}</FormAlert>
          <Link to="/admin" className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('confirmation.confirmed.continue')}
          </Link>
        </div>
      </AuthShell>
    )
  }
  return (
    <AuthShell title={t(`confirmation.${outcome}.title`)}>
      <div className="space-y-6">
        <FormAlert>{t(`confirmation.${outcome}.message`)}</FormAlert>
        <ResendForm />
        <Link to="/auth" className="inline-block text-sm font-medium text-accent hover:underline">
          {t('auth.backToSignIn')}
        </Link>
      </div>
    </AuthShell>
  )
}

function ResendForm() {
  const { t } = useTranslation()
  // Without the script, the address is posted and the mail sent in one step.
  const posted = useActionData<typeof action>()
  const [email, setEmail] = useState<string | null>(posted?.sentTo ?? null)
  const [problem, setProblem] = useState<string | null>(posted?.errors?.email?.[0] ?? posted?.problem ?? null)
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = ZEmail.safeParse(new FormData(event.currentTarget).get('email'))
    if (!result.success) return setProblem(t(result.error.issues[0].message))
    setProblem(null)
    setEmail(result.data)
  }
  if (email) return <ResendConfirmation email={email} />
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-3">
      <input type="hidden" name="intent" value="resend" />
      <TextField
        label={t('auth.fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        errors={problem ? [problem] : undefined}
      />
      <button type="submit" className={buttonClasses('secondary', 'md', 'w-full')}>
        {t('confirmation.resendFor')}
      </button>
    </form>
  )
}
