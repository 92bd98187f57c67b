import { useState, type FormEvent } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, useActionData, useSearchParams } from 'react-router'
import { toast } from '#app/lib/toast'
import { AuthShell } from '#app/components/auth-shell'
import { Button, buttonClasses } from '#app/components/ui/button'
import { FormAlert, TextField } from '#app/components/ui/field'
import { ZResetPassword } from '#app/features/accounts/accounts.schema'
import { answerAccountForm } from '#app/access/answer-account-form.server'
import { passRetryAfter } from '#app/lib/rate-limit.server'
import { authClient, authErrorMessage } from '#app/lib/auth-client'
import { useZodForm } from '#app/lib/use-zod-form'
import type { Route } from './+types/reset-password'

// The form posted before the page's script runs (see answerAccountForm).
export async function action({ request }: Route.ActionArgs) {
  return answerAccountForm(request)
}

/** Too many attempts tells the browser when to come back. */
export const headers = passRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function ResetPassword() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')
  const posted = useActionData<typeof action>()
  const { errors, validate } = useZodForm(ZResetPassword, t)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(posted?.problem ?? null)
  const [done, setDone] = useState(Boolean(posted?.done))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = validate(event.currentTarget)
    if (!values || !token) return
    setPending(true)
    const { error } = await authClient.resetPassword({
      newPassword: values.password,
      token,
    })
    setPending(false)
    if (error) return setProblem(authErrorMessage(error, t))
    toast.success(t('reset.done'))
    setDone(true)
  }

  return (
    <AuthShell title={t('reset.title')}>
      {!token || params.get('error') ? (
        <div className="space-y-4">
          <FormAlert>{t('auth.errors.invalidToken')}</FormAlert>
          <Link to="/auth?mode=forgot" className={buttonClasses('secondary', 'md', 'w-full')}>
            {t('reset.requestNew')}
          </Link>
        </div>
      ) : done ? (
        <div className="space-y-4">
          <FormAlert tone="success">{t('reset.done')}</FormAlert>
          <Link to="/auth" className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('auth.signIn')}
          </Link>
        </div>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="reset" />
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <TextField
            label={t('reset.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            errors={errors.password ?? posted?.errors?.password}
            hint={t('auth.passwordHint')}
          />
          <TextField
            label={t('reset.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            errors={errors.confirmPassword ?? posted?.errors?.confirmPassword}
          />
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? t('common.saving') : t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthShell>
  )
}
